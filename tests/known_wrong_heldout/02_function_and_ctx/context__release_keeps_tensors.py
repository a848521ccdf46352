# heldout: release() does nothing
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self.items = ()

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        bad = [n for n, t in enumerate(tensors) if t is not None and not isinstance(t, Tensor)]
        if bad:
            raise TypeError(f"save_for_backward got a non-tensor as argument {bad[0]}")
        self.items = tensors

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        return tuple(self.items)

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        pass
