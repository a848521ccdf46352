# visible: fails
# mistake: keeps the loss Tensors
# why: losses holds 0-d Tensors, each with its whole graph, instead of Python floats.
# see: Exercise 5 · Train a classifier (3 points)
# hint: which method turns a one-element Tensor into a Python number?
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.MLP([2, 16, 16, int(y.max()) + 1])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs, targets = Tensor(X), Tensor(y)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return model, losses
