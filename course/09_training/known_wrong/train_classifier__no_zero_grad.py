# visible: fails
# mistake: no zero_grad
# why: every backward adds to the gradients of all the earlier steps, so the steps follow a sum of old gradients.
# see: Exercise 5 · Train a classifier (3 points)
# hint: what does .grad hold at the second step if nobody clears it?
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.MLP([2, 16, 16, int(y.max()) + 1])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs, targets = Tensor(X), Tensor(y)
    losses = []
    for _ in range(steps):
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return model, losses
