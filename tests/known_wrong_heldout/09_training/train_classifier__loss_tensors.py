# heldout: keeps the loss Tensors
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(seed)
    classes = int(y.max()) + 1
    model = nn.MLP([2, 16, 16, classes])
    adam = optim.Adam(model.parameters(), lr=0.05)
    xs = Tensor(np.asarray(X, dtype=np.float64))
    ys = Tensor(np.asarray(y))
    curve = []
    for _ in range(steps):
        adam.zero_grad()
        value = F.cross_entropy(model(xs), ys)
        value.backward()
        adam.step()
        curve.append(value)
    return model, curve
