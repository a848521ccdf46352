# visible: fails
# mistake: -x outside the graph
# why: Tensor(-self.data) has the right numbers, but it is a new leaf: no grad_fn, and no gradient reaches x through it.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: every operator is the apply of a Function: which one negates?
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
        return Tensor(-self.data)
