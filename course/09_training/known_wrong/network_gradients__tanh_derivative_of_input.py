# visible: fails
# mistake: tanh's derivative taken at its input
# why: the gradient of n uses 1 - n**2, but tanh'(n) = 1 - tanh(n)**2 = 1 - a**2: the derivative needs tanh's output.
# see: Every gradient of a network, by hand
# hint: tanh' = 1 - tanh^2: squared is tanh's output, not its input.
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    f = network_forward(x, target, W1, b1, W2, b2, eps)
    rows = np.arange(len(target))
    g_z2 = np.exp(f["log_p"])
    g_z2[rows, target] -= 1.0
    g_z2 /= len(target)
    g_a = g_z2 @ W2.T
    g_n = g_a * (1.0 - f["n"] ** 2)
    n = f["n"]
    g_z1 = (g_n - g_n.mean(axis=1, keepdims=True) - n * (g_n * n).mean(axis=1, keepdims=True)) / f["sigma"]
    return {"loss": f["loss"], "z2": g_z2, "W2": f["a"].T @ g_z2, "b2": g_z2.sum(axis=0), "a": g_a, "n": g_n,
            "z1": g_z1, "W1": x.T @ g_z1, "b1": g_z1.sum(axis=0), "x": g_z1 @ W1.T}
