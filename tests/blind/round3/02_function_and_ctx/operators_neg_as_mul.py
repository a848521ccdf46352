# Wrong: -x is written as x * -1.0, recording MulBackward (and a saved copy of x) instead of NegBackward.
class Tensor(TensorWithoutOperators):
    def __mul__(self, other):
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other):
        return ops.Mul.apply(self._wrap(other), self)

    def __truediv__(self, other):
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other):
        return ops.Div.apply(self._wrap(other), self)

    def __sub__(self, other):
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other):
        return ops.Sub.apply(self._wrap(other), self)

    def __neg__(self):
        return ops.Mul.apply(self, self._wrap(-1.0))
