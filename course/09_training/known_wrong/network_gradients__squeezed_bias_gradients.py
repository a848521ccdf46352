# visible: passes
# mistake: the bias gradients squeezed, so a layer of one unit gets a 0-d gradient
# why: np.squeeze removes every axis of size 1, not only the batch axis that the sum kept: with one hidden unit or one class, the bias gradient has shape () instead of the bias's (1,).
# see: Exercise 6 · Every gradient, by hand (3 points)
# hint: which axis does a bias gradient sum over, and can the sum drop it by itself?
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    out = network_forward(x, target, W1, b1, W2, b2, eps)
    N = x.shape[0]
    dz2 = np.exp(out["log_p"])
    dz2[np.arange(N), target] -= 1.0
    dz2 = dz2 / N
    a, n, sigma = out["a"], out["n"], out["sigma"]
    da = dz2 @ W2.T
    dn = da * (1 - a ** 2)
    dz1 = (dn - dn.mean(axis=1, keepdims=True) - n * (dn * n).mean(axis=1, keepdims=True)) / sigma
    return {"loss": out["loss"], "z2": dz2, "W2": a.T @ dz2, "b2": np.squeeze(dz2.sum(axis=0, keepdims=True)),
            "a": da, "n": dn, "z1": dz1, "W1": x.T @ dz1, "b1": np.squeeze(dz1.sum(axis=0, keepdims=True)),
            "x": dz1 @ W1.T}
