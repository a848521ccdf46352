# visible: fails
# mistake: 2 / x computed as x / 2
# why: in __rtruediv__, self is the operand on the right, so Div.apply(self, other) divides in the wrong order.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: in 2.0 / x, which object is self, and which one is the numerator?
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other: Any) -> Tensor:
        return ops.Mul.apply(self._wrap(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        return ops.Div.apply(self, self._wrap(other))

    def __sub__(self, other: Any) -> Tensor:
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other: Any) -> Tensor:
        return ops.Sub.apply(self._wrap(other), self)

    def __neg__(self) -> Tensor:
        return ops.Neg.apply(self)
