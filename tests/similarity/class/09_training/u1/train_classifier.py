# source: tests/unusual_correct/09_training/train_classifier__nll_of_log_softmax.py
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    model = nn.MLP([2, 16, 16, len(np.unique(y))])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs = autograd_lib.tensor(X)
    losses = []
    for _ in range(steps):
        loss = F.nll_loss(F.log_softmax(model(inputs), 1), y)
        losses.append(float(loss.item()))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return model, losses
