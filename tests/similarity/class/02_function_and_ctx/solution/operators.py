# source: course/02_function_and_ctx/02_function_and_ctx.md, cell operators
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        return ops.Mul.apply(self, self._wrap(other))

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        return ops.Mul.apply(self._wrap(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        return ops.Div.apply(self, self._wrap(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        return ops.Div.apply(self._wrap(other), self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        return ops.Sub.apply(self, self._wrap(other))

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        return ops.Sub.apply(self._wrap(other), self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)
