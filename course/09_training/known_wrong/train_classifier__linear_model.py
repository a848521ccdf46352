# visible: fails
# A linear model (one Linear layer): its decision boundary is a straight line, and moons and
# circles are not linearly separable.
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.Linear(2, int(y.max()) + 1)
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
