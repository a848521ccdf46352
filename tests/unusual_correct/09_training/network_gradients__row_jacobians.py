# unusual: writes layer normalisation's backward as each row's Jacobian matrix times its gradient, and the bias gradients as ones @ g
# visible: passes
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    f = network_forward(x, target, W1, b1, W2, b2, eps)
    N, H = f["n"].shape
    onehot = np.eye(W2.shape[1])[target]
    g_z2 = (np.exp(f["log_p"]) - onehot) / N
    g_a = g_z2 @ W2.T
    g_n = g_a * (1.0 - np.tanh(f["n"]) ** 2)
    g_z1 = np.empty_like(g_n)
    for i in range(N):
        row = f["n"][i]
        jacobian = (np.eye(H) - 1.0 / H - np.outer(row, row) / H) / f["sigma"][i, 0]
        g_z1[i] = jacobian.T @ g_n[i]
    ones = np.ones(N)
    return {"loss": float(f["loss"]), "z2": g_z2, "W2": f["a"].T @ g_z2, "b2": ones @ g_z2, "a": g_a, "n": g_n,
            "z1": g_z1, "W1": x.T @ g_z1, "b1": ones @ g_z1, "x": g_z1 @ W1.T}
