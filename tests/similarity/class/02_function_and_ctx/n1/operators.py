# source: written for this set
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        other_tensor = self._wrap(other)
        return ops.Mul.apply(self, other_tensor)

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        other_tensor = self._wrap(other)
        return ops.Mul.apply(other_tensor, self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        other_tensor = self._wrap(other)
        return ops.Div.apply(self, other_tensor)

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        other_tensor = self._wrap(other)
        return ops.Div.apply(other_tensor, self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        other_tensor = self._wrap(other)
        return ops.Sub.apply(self, other_tensor)

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        other_tensor = self._wrap(other)
        return ops.Sub.apply(other_tensor, self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)
