# heldout: no zero_grad
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(seed)
    n_out = int(y.max()) + 1
    mlp = nn.MLP([2, 16, 16, n_out])
    opt = optim.Adam(mlp.parameters(), lr=0.05)
    inp, tgt = Tensor(np.asarray(X, dtype=np.float64)), Tensor(np.asarray(y))
    record = []
    for _ in range(steps):
        loss = F.cross_entropy(mlp(inp), tgt)
        loss.backward()
        opt.step()
        record.append(loss.item())
    return mlp, record
