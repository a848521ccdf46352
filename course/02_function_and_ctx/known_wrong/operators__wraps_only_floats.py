# visible: fails
# mistake: wraps only floats
# why: a Python int such as 3 is neither a Tensor nor a float, so it reaches the Function unwrapped and forward fails on 3.data.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: which kinds of values may the other operand be? The library's _wrap handles them all.
def constant(other):
    return ag.tensor(other) if isinstance(other, float | np.ndarray) else other


class Tensor(TensorWithoutOperators):
    def __mul__(self, other):
        return ops.Mul.apply(self, constant(other))

    def __rmul__(self, other):
        return ops.Mul.apply(constant(other), self)

    def __truediv__(self, other):
        return ops.Div.apply(self, constant(other))

    def __rtruediv__(self, other):
        return ops.Div.apply(constant(other), self)

    def __sub__(self, other):
        return ops.Sub.apply(self, constant(other))

    def __rsub__(self, other):
        return ops.Sub.apply(constant(other), self)

    def __neg__(self):
        return ops.Neg.apply(self)
