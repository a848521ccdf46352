# source: written for this set
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
        return ops.Neg.apply(self)
