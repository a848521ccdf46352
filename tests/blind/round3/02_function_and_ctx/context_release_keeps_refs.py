# Wrong: release() only raises a flag; the saved tensors stay referenced, so their memory is never freed.
class Context:
    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward: argument {i} is not a Tensor or None")
        self._saved = tuple(tensors)

    @property
    def saved_tensors(self):
        if self._freed:
            raise RuntimeError("Trying to backward through the graph a second time; specify retain_graph=True")
        return self._saved

    def release(self):
        self._freed = True
