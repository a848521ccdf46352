# unusual: runs its own forward pass on copies (without network_forward): the loss as log-sum-exp minus the true logit, the softmax computed from the logits again
# visible: passes
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    x, W1, b1, W2, b2 = (np.array(v, dtype=np.float64) for v in (x, W1, b1, W2, b2))
    z1 = x @ W1 + b1
    centred = z1 - z1.mean(axis=1, keepdims=True)
    sigma = np.sqrt((centred ** 2).mean(axis=1, keepdims=True) + eps)
    n = centred / sigma
    a = np.tanh(n)
    z2 = a @ W2 + b2
    shifted = z2 - z2.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    p = e / e.sum(axis=1, keepdims=True)
    N = len(target)
    loss = float((np.log(e.sum(axis=1)) - shifted[np.arange(N), target]).mean())
    p[np.arange(N), target] -= 1.0
    g_z2 = p / N
    g_a = g_z2 @ W2.T
    g_n = g_a * (1.0 - a * a)
    H = n.shape[1]
    g_z1 = (H * g_n - g_n.sum(axis=1, keepdims=True) - n * (g_n * n).sum(axis=1, keepdims=True)) / (H * sigma)
    return {"loss": loss, "z2": g_z2, "W2": a.T @ g_z2, "b2": g_z2.sum(0), "a": g_a, "n": g_n, "z1": g_z1,
            "W1": x.T @ g_z1, "b1": g_z1.sum(0), "x": g_z1 @ W1.T}
