# unusual: __rmul__ reuses __mul__, 2 / x as 2 times x to the power -1 (torch records a reciprocal times 2)
# visible: passes
class Tensor(TensorWithoutOperators):
    def __mul__(self, other):
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other):
        return ops.Mul.apply(self._wrap(other), ops.Pow.apply(self, -1.0))

    def __sub__(self, other):
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other):
        return ops.Sub.apply(self._wrap(other), self)

    def __neg__(self):
        return ops.Neg.apply(self)
