# visible: passes
# mistake: x - y as x + (-y)
# why: the numbers are right, but x - y records an AddBackward and a NegBackward instead of one SubBackward, as PyTorch records.
# see: Exercise 6 · Operators (2 points)
# hint: which of the four Functions subtracts?
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
        return ops.Add.apply(self, ops.Neg.apply(self._wrap(other)))

    def __rsub__(self, other: Any) -> Tensor:
        return ops.Add.apply(self._wrap(other), ops.Neg.apply(self))

    def __neg__(self) -> Tensor:
        return ops.Neg.apply(self)
