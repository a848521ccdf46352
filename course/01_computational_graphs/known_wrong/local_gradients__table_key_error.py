# visible: fails
# mistake: a KeyError for an unknown operation
# why: the operations are looked up in a dict, so an unknown name raises KeyError, not the ValueError the exercise asks for.
# see: Exercise 1 · Local gradients (2 points)
# hint: check the name before the lookup, and raise the error the exercise names.
def local_gradients(op, *inputs):
    table = {
        "add": lambda a, b: (np.ones_like(a, dtype=float), np.ones_like(b, dtype=float)),
        "sub": lambda a, b: (np.ones_like(a, dtype=float), -np.ones_like(b, dtype=float)),
        "mul": lambda a, b: (b, a),
        "div": lambda a, b: (1 / b, -a / b**2),
        "exp": lambda a: (np.exp(a),),
        "log": lambda a: (1 / a,),
        "tanh": lambda a: (1 - np.tanh(a) ** 2,),
        "sigmoid": lambda a: ((1 / (1 + np.exp(-a))) * (1 - 1 / (1 + np.exp(-a))),),
    }
    return table[op](*inputs)
