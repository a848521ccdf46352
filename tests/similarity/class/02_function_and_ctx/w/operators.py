# copy of n1: rename, docstrings removed
class Tensor(TensorWithoutOperators):
    def __mul__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Mul.apply(self, o)

    def __rmul__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Mul.apply(o, self)

    def __truediv__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Div.apply(self, o)

    def __rtruediv__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Div.apply(o, self)

    def __sub__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Sub.apply(self, o)

    def __rsub__(self, other: Any) -> Tensor:
        o = self._wrap(other)
        return ops.Sub.apply(o, self)

    def __neg__(self) -> Tensor:
        return ops.Neg.apply(self)
