# heldout: refuses None
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for k, t in enumerate(tensors):
            if not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward: argument {k} should be a Tensor, got {type(t).__name__}")
        self._saved = tuple(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._freed:
            raise RuntimeError("saved tensors already freed; call backward with retain_graph=True")
        return self._saved

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._freed = True
        self._saved = ()
