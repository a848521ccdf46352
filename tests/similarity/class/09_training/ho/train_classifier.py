# source: tests/known_wrong_heldout/09_training/train_classifier__constant_seed.py
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(0)
    k = int(y.max()) + 1
    net = nn.MLP([2, 16, 16, k])
    opt = optim.Adam(net.parameters(), lr=0.05)
    data, labels = Tensor(np.asarray(X, dtype=np.float64)), Tensor(np.asarray(y))
    history = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(net(data), labels)
        history.append(loss.item())
        loss.backward()
        opt.step()
    return net, history
