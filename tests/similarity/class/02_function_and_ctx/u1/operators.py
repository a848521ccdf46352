# source: tests/unusual_correct/02_function_and_ctx/operators__other_functions.py
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
        return ops.Add.apply(self, ops.Neg.apply(self._wrap(other)))

    def __rsub__(self, other):
        return ops.Add.apply(self._wrap(other), ops.Neg.apply(self))

    def __neg__(self):
        return ops.Mul.apply(self, self._wrap(-1))
