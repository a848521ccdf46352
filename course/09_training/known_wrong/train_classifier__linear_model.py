# visible: fails
# mistake: a linear model
# why: one Linear layer draws a straight boundary, and no straight line separates the two moons.
# see: Training a classifier
# hint: which model does the exercise ask for, and what do its hidden layers add?
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
