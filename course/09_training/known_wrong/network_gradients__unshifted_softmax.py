# visible: passes
# mistake: the softmax computed as exp(z2) / sum exp(z2), without the shift
# why: the forward shifts each row by its max, but this backward takes exp of the raw logits; with logits above about 709, exp overflows to inf and the gradient of z2 is nan, where torch's is finite.
# see: The log-sum-exp trick
# hint: the forward already computed the stable log-probabilities: how do you get the probabilities from them without a new exp of z2?
def network_gradients(x, target, W1, b1, W2, b2, eps=1e-5):
    out = network_forward(x, target, W1, b1, W2, b2, eps)
    N = x.shape[0]
    e = np.exp(out["z2"])
    p = e / e.sum(axis=1, keepdims=True)
    onehot = np.eye(W2.shape[1])[target]
    dz2 = (p - onehot) / N
    a, n, sigma = out["a"], out["n"], out["sigma"]
    da = dz2 @ W2.T
    dn = da * (1 - a ** 2)
    dz1 = (dn - dn.mean(axis=1, keepdims=True) - n * (dn * n).mean(axis=1, keepdims=True)) / sigma
    return {"loss": out["loss"], "z2": dz2, "W2": a.T @ dz2, "b2": dz2.sum(axis=0), "a": da, "n": dn,
            "z1": dz1, "W1": x.T @ dz1, "b1": dz1.sum(axis=0), "x": dz1 @ W1.T}
