# source: assignments/00_finite_differences/00_finite_differences.ipynb, cell numerical_gradient
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    # YOUR CODE HERE
    raise NotImplementedError()
