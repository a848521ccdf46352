# heldout: the error does not name the operation
_UNARY = {
    "exp": lambda u: np.exp(u),
    "log": lambda u: 1.0 / u,
    "tanh": lambda u: 1.0 - np.tanh(u) ** 2,
    "sigmoid": lambda u: np.exp(-u) / (1.0 + np.exp(-u)) ** 2,
}
_BINARY = {
    "add": lambda u, w: (np.ones_like(u, dtype=float), np.ones_like(w, dtype=float)),
    "sub": lambda u, w: (np.ones_like(u, dtype=float), -np.ones_like(w, dtype=float)),
    "mul": lambda u, w: (w, u),
    "div": lambda u, w: (1.0 / w, -u / w**2),
}


def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    if op in _BINARY:
        return tuple(_BINARY[op](*inputs))
    if op in _UNARY:
        return (_UNARY[op](*inputs),)
    raise ValueError("local_gradients: this operation is not supported")
