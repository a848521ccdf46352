# source: tests/unusual_correct/01_computational_graphs/local_gradients__table_of_lambdas.py
RULES = {
    "add": lambda a, b: (1.0, 1.0),
    "sub": lambda a, b: (1.0, -1.0),
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
