# visible: passes
# mistake: a refused save_for_backward has already changed what was saved
# why: the tensors are kept one by one while they are checked, so a call that raises TypeError at its argument 1 leaves only argument 0 saved, and the tensors of the first call are lost.
# see: Exercise 1 · A Context (1 point)
# hint: the statement says "then keep them": what must happen before anything is kept?
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        self._saved = ()
        for index, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save tensors, but argument {index} "
                                f"is of type {type(t).__name__}")
            self._saved = self._saved + (t,)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._freed:
            raise RuntimeError("Trying to backward through the graph a second time: the saved tensors were "
                               "freed. Specify retain_graph=True to keep them.")
        return self._saved

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._saved = ()
        self._freed = True
