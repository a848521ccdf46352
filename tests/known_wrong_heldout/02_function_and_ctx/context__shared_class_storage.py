# heldout: one list shared by every Context
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    _bag = []
    _freed = False

    def __init__(self):
        self.needs_input_grad = ()

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for j, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward: argument {j} has type {type(t).__name__}")
        self._bag.clear()
        self._bag.extend(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._freed:
            raise RuntimeError("already freed: pass retain_graph=True to backward twice")
        return tuple(self._bag)

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._bag.clear()
        self._freed = True
