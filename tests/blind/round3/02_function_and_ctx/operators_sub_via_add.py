# Wrong: subtraction is Add of a Neg instead of ops.Sub, so x - y records AddBackward and NegBackward nodes, not SubBackward.
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
        return ops.Add.apply(self, ops.Neg.apply(self._wrap(other)))

    def __rsub__(self, other):
        return ops.Add.apply(self._wrap(other), ops.Neg.apply(self))

    def __neg__(self):
        return ops.Neg.apply(self)
