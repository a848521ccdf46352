# visible: passes
# mistake: -x as x times -1
# why: the numbers are right, but -x records a MulBackward that saves x (and the constant -1) instead of one NegBackward, as PyTorch records.
# see: Exercise 6 · Operators (2 points)
# hint: which of the four Functions negates, and which node does torch's -x record?
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
        return ops.Sub.apply(self._wrap(other), self)

    def __neg__(self) -> Tensor:
        return ops.Mul.apply(self, self._wrap(-1.0))
