# visible: fails
# mistake: 1 - x computed as x - 1
# why: in __rsub__, self is the operand on the right, so Sub.apply(self, other) subtracts in the wrong order.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: in 1.0 - x, which object is self?
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other: Any) -> Tensor:
        return ops.Mul.apply(self._wrap(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        return ops.Div.apply(self._wrap(other), self)

    def __sub__(self, other: Any) -> Tensor:
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other: Any) -> Tensor:
        return ops.Sub.apply(self, self._wrap(other))

    def __neg__(self) -> Tensor:
        return ops.Neg.apply(self)
