# heldout: wraps numbers as float64
def _as_tensor(value):
    """A constant Tensor for a number or an array; a Tensor is kept as it is."""
    if isinstance(value, ag.Tensor):
        return value
    if isinstance(value, (int, float)):
        return ag.Tensor(np.array(value, dtype=np.float64))
    return ag.Tensor(np.asarray(value))


class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        return ops.Mul.apply(self, _as_tensor(other))

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        return ops.Mul.apply(_as_tensor(other), self)

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        return ops.Div.apply(self, _as_tensor(other))

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        return ops.Div.apply(_as_tensor(other), self)

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        return ops.Sub.apply(self, _as_tensor(other))

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        return ops.Sub.apply(_as_tensor(other), self)

    def __neg__(self) -> Tensor:
        """``-self``."""
        return ops.Neg.apply(self)
