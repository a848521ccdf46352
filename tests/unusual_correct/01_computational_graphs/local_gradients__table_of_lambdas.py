# unusual: a dict of lambdas, ones of the inputs' shapes for add and sub, tanh through cosh and sigmoid through tanh
# visible: passes
RULES = {
    "add": lambda a, b: (np.ones(np.shape(a)), np.ones(np.shape(b))),
    "sub": lambda a, b: (np.ones(np.shape(a)), -np.ones(np.shape(b))),
    "mul": lambda a, b: (b, a),
    "div": lambda a, b: (1.0 / b, -a / (b * b)),
    "exp": lambda a: (np.exp(a),),
    "log": lambda a: (np.reciprocal(np.asarray(a, dtype=float)),),
    "tanh": lambda a: (1.0 / np.cosh(a) ** 2,),
    "sigmoid": lambda a: (0.25 * (1.0 - np.tanh(a / 2) ** 2),),
}


def local_gradients(op, *inputs):
    if op not in RULES:
        raise ValueError(f"no local gradients for the operation {op}")
    return tuple(RULES[op](*inputs))
