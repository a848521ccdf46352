# source: assignments/02_function_and_ctx/02_function_and_ctx.ipynb, cell operators
class Tensor(TensorWithoutOperators):
    """A Tensor whose operators you write: each one is the apply of a Function."""

    def __mul__(self, other: Any) -> Tensor:
        """``self * other`` (numpy broadcasting)."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __rmul__(self, other: Any) -> Tensor:
        """``other * self``, when ``other`` does not know how to multiply by a Tensor."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __truediv__(self, other: Any) -> Tensor:
        """``self / other`` (numpy broadcasting)."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __rtruediv__(self, other: Any) -> Tensor:
        """``other / self``."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __sub__(self, other: Any) -> Tensor:
        """``self - other`` (numpy broadcasting)."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __rsub__(self, other: Any) -> Tensor:
        """``other - self``."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def __neg__(self) -> Tensor:
        """``-self``."""
        # YOUR CODE HERE
        raise NotImplementedError()
