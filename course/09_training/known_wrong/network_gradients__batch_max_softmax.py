# visible: passes
# mistake: the softmax shifted by the largest logit of the whole batch, not of each row
# why: one max for the batch keeps exp from overflowing, but a row whose logits all lie more than about 745 below the batch's max underflows to 0, and 0 / 0 makes its gradient nan.
# see: The log-sum-exp trick
# hint: which axis does the max need, and does it keep that axis so that it broadcasts back over each row?
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    out = network_forward(x, target, W1, b1, W2, b2, eps)
    N = x.shape[0]
    z2 = out["z2"]
    e = np.exp(z2 - z2.max())
    p = e / e.sum(axis=1, keepdims=True)
    onehot = np.eye(W2.shape[1])[target]
    dz2 = (p - onehot) / N
    a, n, sigma = out["a"], out["n"], out["sigma"]
    da = dz2 @ W2.T
    dn = da * (1 - a ** 2)
    dz1 = (dn - dn.mean(axis=1, keepdims=True) - n * (dn * n).mean(axis=1, keepdims=True)) / sigma
    return {"loss": out["loss"], "z2": dz2, "W2": a.T @ dz2, "b2": dz2.sum(axis=0), "a": da, "n": dn,
            "z1": dz1, "W1": x.T @ dz1, "b1": dz1.sum(axis=0), "x": dz1 @ W1.T}
