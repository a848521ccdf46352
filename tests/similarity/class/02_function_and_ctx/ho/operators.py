# source: tests/known_wrong_heldout/02_function_and_ctx/operators__neg_detached.py
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        rhs = self._wrap(other)
        return ops.Mul.apply(self, rhs)

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        lhs = self._wrap(other)
        return ops.Mul.apply(lhs, self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        rhs = self._wrap(other)
        return ops.Div.apply(self, rhs)

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        lhs = self._wrap(other)
        return ops.Div.apply(lhs, self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        rhs = self._wrap(other)
        return ops.Sub.apply(self, rhs)

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        lhs = self._wrap(other)
        return ops.Sub.apply(lhs, self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ag.Tensor(np.negative(self.data))
