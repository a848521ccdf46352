# source: assignments/05_gradcheck/05_gradcheck.ipynb, cell analytical_jacobian
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    # YOUR CODE HERE
    raise NotImplementedError()
