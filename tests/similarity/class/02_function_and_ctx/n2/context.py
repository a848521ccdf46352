# copy of u1: rename, recomment, a loop instead of the list comprehension
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._store = []

    def save_for_backward(self, *tensors):
        for k, x in enumerate(tensors):
            if not (x is None or isinstance(x, Tensor)):
                raise TypeError(f"only Tensors or None can be saved; argument #{k} is a {type(x).__name__}")
        self._store = list(tensors)

    @property
    def saved_tensors(self):
        # None means release() was called
        if self._store is None:
            raise RuntimeError("saved tensors already freed by backward (use retain_graph=True to keep them)")
        return tuple(self._store)

    def release(self):
        self._store = None
