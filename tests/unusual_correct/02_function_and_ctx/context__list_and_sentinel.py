# unusual: keeps a list, gives back a tuple of it, and marks release() with None instead of a flag
# visible: passes
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = []

    def save_for_backward(self, *tensors):
        bad = [i for i, t in enumerate(tensors) if not (t is None or isinstance(t, Tensor))]
        if bad:
            raise TypeError(f"only Tensors or None can be saved; argument #{bad[0]} is a {type(tensors[bad[0]]).__name__}")
        if self._saved is not None:  # a released Context stays released
            self._saved = list(tensors)

    @property
    def saved_tensors(self):
        if self._saved is None:
            raise RuntimeError("saved tensors already freed by backward (use retain_graph=True to keep them)")
        return tuple(self._saved)

    def release(self):
        self._saved = None
