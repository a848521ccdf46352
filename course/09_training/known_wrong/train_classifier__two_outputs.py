# visible: fails
# mistake: two classes hard-coded
# why: the model always has two outputs, fine for the moons, but a target of class 2 has no logit to pick.
# see: Exercise 5 · Train a classifier (3 points)
# hint: where does the number of classes come from?
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.MLP([2, 16, 16, 2])
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
