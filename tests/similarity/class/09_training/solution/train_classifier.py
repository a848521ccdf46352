# source: course/09_training/09_training.md, cell train_classifier
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(seed)
    n_classes = int(y.max()) + 1
    model = nn.MLP([X.shape[1], 16, 16, n_classes])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    inputs, targets = Tensor(np.asarray(X, dtype=np.float64)), Tensor(np.asarray(y))
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return model, losses
