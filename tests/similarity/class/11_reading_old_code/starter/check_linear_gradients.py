# source: assignments/11_reading_old_code/11_reading_old_code.ipynb, cell check_linear_gradients
def check_linear_gradients(function: type[Function], batch: int = 4, in_features: int = 3, out_features: int = 2) -> bool:
    """gradcheck of ``function.apply`` on float64 input, weight and bias that all require grad."""
    # YOUR CODE HERE
    raise NotImplementedError()
