# visible: passes
# Ignores the steps argument and always trains for 100 steps.
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.MLP([2, 16, 16, int(y.max()) + 1])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs, targets = Tensor(X), Tensor(y)
    losses = []
    for _ in range(100):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return model, losses
