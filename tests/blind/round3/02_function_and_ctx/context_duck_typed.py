# Wrong: the type check is duck-typed (anything with a .data attribute), so a numpy array is accepted instead of a TypeError.
class Context:
    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not hasattr(t, "data"):
                raise TypeError(f"save_for_backward: argument {i} is not a Tensor or None")
        self._saved = tuple(tensors)

    @property
    def saved_tensors(self):
        if self._freed:
            raise RuntimeError("Trying to backward through the graph a second time; specify retain_graph=True")
        return self._saved

    def release(self):
        self._freed = True
        self._saved = ()
