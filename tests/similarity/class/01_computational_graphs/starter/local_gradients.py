# source: assignments/01_computational_graphs/01_computational_graphs.ipynb, cell local_gradients
def local_gradients(op, *inputs):
    """The partial derivatives of op's output with respect to each of its inputs, as a tuple."""
    # YOUR CODE HERE
    raise NotImplementedError()
