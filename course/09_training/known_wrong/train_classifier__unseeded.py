# visible: fails
# mistake: never seeded
# why: without autograd_lib.manual_seed(seed), each call starts from other random weights, so a run cannot be repeated.
# see: Exercise 5 · Train a classifier (3 points)
# hint: what must happen before the model draws its initial weights?
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
