# Wrong: a save_for_backward that raises TypeError has already replaced what was saved (it keeps the tensors before the bad one).
class Context:
    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        self._saved = []
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                self._saved = tuple(self._saved)
                raise TypeError(f"save_for_backward: argument {i} is a {type(t).__name__}, not a Tensor or None")
            self._saved.append(t)
        self._saved = tuple(self._saved)

    @property
    def saved_tensors(self):
        if self._freed:
            raise RuntimeError("Trying to backward through the graph a second time; specify retain_graph=True")
        return self._saved

    def release(self):
        self._freed = True
        self._saved = ()
