# heldout: the error does not say which argument
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._tensors = ()
        self._gone = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        if not all(t is None or isinstance(t, Tensor) for t in tensors):
            raise TypeError("save_for_backward accepts only Tensors or None; store other values as attributes of ctx")
        self._tensors = tuple(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._gone:
            raise RuntimeError("Trying to backward through the graph a second time. Specify retain_graph=True.")
        return self._tensors

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._tensors = ()
        self._gone = True
