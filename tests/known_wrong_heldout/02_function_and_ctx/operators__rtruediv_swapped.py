# heldout: 2 / x computed as x / 2
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        other = self._wrap(other)
        return ops.Mul.apply(self, other)

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        other = self._wrap(other)
        return ops.Mul.apply(other, self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        other = self._wrap(other)
        return ops.Div.apply(self, other)

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        other = self._wrap(other)
        return ops.Div.apply(self, other)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        other = self._wrap(other)
        return ops.Sub.apply(self, other)

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        other = self._wrap(other)
        return ops.Sub.apply(other, self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)
