# heldout: saves any value
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._payload = ()
        self._was_released = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        self._payload = tuple(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._was_released:
            raise RuntimeError("saved_tensors: buffers freed by backward; use retain_graph=True")
        return self._payload

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._payload, self._was_released = (), True
