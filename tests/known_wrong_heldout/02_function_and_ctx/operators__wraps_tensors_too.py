# heldout: turns a Tensor operand into a constant
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def _const(self, other):
        """Every operand as a fresh constant Tensor, so that the Functions get Tensors."""
        if isinstance(other, ag.Tensor):
            return ag.Tensor(other.data)
        return self._wrap(other)

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        return ops.Mul.apply(self, self._const(other))

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        return ops.Mul.apply(self._const(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        return ops.Div.apply(self, self._const(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        return ops.Div.apply(self._const(other), self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        return ops.Sub.apply(self, self._const(other))

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        return ops.Sub.apply(self._const(other), self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)
