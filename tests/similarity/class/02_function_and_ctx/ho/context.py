# source: tests/known_wrong_heldout/02_function_and_ctx/context__appends_on_second_save.py
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._kept = []
        self._released = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for position, item in enumerate(tensors):
            if not (item is None or isinstance(item, Tensor)):
                raise TypeError(f"argument {position} of save_for_backward is a "
                                f"{type(item).__name__}, not a Tensor or None")
        self._kept.extend(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._released:
            raise RuntimeError("the saved tensors were already freed; use retain_graph=True "
                               "to backward through the graph a second time")
        return tuple(self._kept)

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._kept = []
        self._released = True
