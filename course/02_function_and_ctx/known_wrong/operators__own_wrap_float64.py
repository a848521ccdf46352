# visible: fails
# mistake: wraps numbers as float64
# why: Tensor(np.asarray(2.0)) is a float64 constant, so a float32 tensor times 2.0 becomes float64; PyTorch keeps float32.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: the library's _wrap already gives a number the tensor's dtype: use it.
def constant(other):
    return other if isinstance(other, ag.Tensor) else ag.Tensor(np.asarray(other))


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
