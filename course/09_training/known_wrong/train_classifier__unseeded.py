# visible: passes
# Never seeds the generator: each call starts from different weights, so a run cannot be repeated.
def train_classifier(X, y, steps=100, seed=0):
    model = nn.MLP([2, 16, 16, int(y.max()) + 1])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs, targets = Tensor(X), Tensor(y)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return model, losses
