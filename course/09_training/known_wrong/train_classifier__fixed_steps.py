# visible: fails
# mistake: ignores steps
# why: the loop always runs 100 times, so steps=5 still returns 100 losses.
# see: Exercise 5 · Train a classifier (3 points)
# hint: which argument says how many steps to run?
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
