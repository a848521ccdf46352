# copy of n1: rename, recomment, while loop turned into a for loop
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    autograd_lib.manual_seed(seed)
    k = len(set(y.tolist()))
    model = nn.MLP([2, 16, 16, k])
    opt = optim.Adam(model.parameters(), lr=0.05)
    inp = Tensor(X.astype(np.float64))
    tgt = Tensor(y)
    hist = []
    for _ in range(steps):
        opt.zero_grad()
        out = model(inp)
        loss = F.cross_entropy(out, tgt)
        loss.backward()
        opt.step()
        hist.append(loss.item())
    return model, hist
