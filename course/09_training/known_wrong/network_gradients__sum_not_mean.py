# visible: fails
# mistake: the loss's 1/N forgotten in backward
# why: the gradient of the logits is softmax minus one-hot without the division by N, so every gradient is N times torch's (the loss, a mean, is right).
# see: Cross-entropy, and why its gradient is so simple
# hint: where does the 1/N of the mean loss go in backward?
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    f = network_forward(x, target, W1, b1, W2, b2, eps)
    rows = np.arange(len(target))
    g_z2 = np.exp(f["log_p"])
    g_z2[rows, target] -= 1.0
    g_a = g_z2 @ W2.T
    g_n = g_a * (1.0 - f["a"] ** 2)
    n = f["n"]
    g_z1 = (g_n - g_n.mean(axis=1, keepdims=True) - n * (g_n * n).mean(axis=1, keepdims=True)) / f["sigma"]
    return {"loss": f["loss"], "z2": g_z2, "W2": f["a"].T @ g_z2, "b2": g_z2.sum(axis=0), "a": g_a, "n": g_n,
            "z1": g_z1, "W1": x.T @ g_z1, "b1": g_z1.sum(axis=0), "x": g_z1 @ W1.T}
