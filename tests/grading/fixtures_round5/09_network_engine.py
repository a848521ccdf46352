def network_gradients(x: np.ndarray, target: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray,
                      b2: np.ndarray, eps: float = 1e-5) -> dict[str, Any]:
    """The loss of the two-layer network and its gradient with respect to every tensor."""
    leaves = {k: autograd_lib.tensor(np.array(v, dtype=np.float64), requires_grad=True)
              for k, v in dict(x=x, W1=W1, b1=b1, W2=W2, b2=b2).items()}
    z1 = leaves["x"].mm(leaves["W1"]) + leaves["b1"]
    centred = z1 - z1.mean(1, keepdim=True)
    n = centred / ((centred * centred).mean(1, keepdim=True) + eps).sqrt()
    a = n.tanh()
    z2 = a.mm(leaves["W2"]) + leaves["b2"]
    for t in (z1, n, a, z2):
        t.retain_grad()
    shifted = z2 - autograd_lib.tensor(z2.data.max(axis=1, keepdims=True))
    log_p = shifted - autograd_lib.log(autograd_lib.exp(shifted).sum(1, keepdim=True))
    onehot = autograd_lib.tensor(np.eye(z2.shape[1])[np.asarray(target)])
    loss = (log_p * onehot).sum() * (-1.0 / len(target))
    loss.backward()
    out = {"loss": float(loss.data)}
    out.update({k: np.array(t.grad.data) for k, t in dict(z2=z2, a=a, n=n, z1=z1, **leaves).items()})
    return out
