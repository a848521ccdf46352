# source: assignments/01_computational_graphs/01_computational_graphs.ipynb, cell forward_backward
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    # YOUR CODE HERE
    raise NotImplementedError()
