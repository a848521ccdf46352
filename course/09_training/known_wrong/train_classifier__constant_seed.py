# visible: fails
# mistake: a constant seed
# why: manual_seed(0) makes every run the same, whatever seed was asked for: two seeds give the same starting weights.
# see: Exercise 5 · Train a classifier (3 points)
# hint: which value should the generator be seeded with?
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(0)
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
