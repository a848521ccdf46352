# heldout: a KeyError for an unknown operation
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    def _sigmoid_grad(v):
        s = 1 / (1 + np.exp(-v))
        return (s * (1 - s),)

    rules = {
        "add": lambda l, r: (np.ones_like(l, dtype=float), np.ones_like(r, dtype=float)),
        "sub": lambda l, r: (np.ones_like(l, dtype=float), -np.ones_like(r, dtype=float)),
        "mul": lambda l, r: (r, l),
        "div": lambda l, r: (1 / r, -l / r**2),
        "exp": lambda v: (np.exp(v),),
        "log": lambda v: (1 / v,),
        "tanh": lambda v: (1 - np.tanh(v) ** 2,),
        "sigmoid": _sigmoid_grad,
    }
    rule = rules[op]
    return rule(*inputs)
