# source: written for this set
def train_classifier(X: np.ndarray, y: np.ndarray, steps: int = 100, seed: int = 0) -> tuple[Module, list[float]]:
    """Train an MLP([2, 16, 16, C]) with Adam(lr=0.05) on the full batch; return (model, losses)."""
    # the same seed gives the same starting weights
    autograd_lib.manual_seed(seed)
    number_of_classes = len(set(y.tolist()))
    model = nn.MLP([2, 16, 16, number_of_classes])
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    features = Tensor(X.astype(np.float64))
    labels = Tensor(y)
    loss_history = []
    step = 0
    while step < steps:
        optimizer.zero_grad()
        predictions = model(features)
        loss = F.cross_entropy(predictions, labels)
        loss.backward()
        optimizer.step()
        loss_history.append(loss.item())
        step += 1
    return model, loss_history
