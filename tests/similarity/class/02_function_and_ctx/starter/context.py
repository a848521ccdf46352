# source: assignments/02_function_and_ctx/02_function_and_ctx.ipynb, cell context
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        # YOUR CODE HERE
        raise NotImplementedError()

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        # YOUR CODE HERE
        raise NotImplementedError()

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        # YOUR CODE HERE
        raise NotImplementedError()

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        # YOUR CODE HERE
        raise NotImplementedError()
