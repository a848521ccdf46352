# visible: fails
# mistake: one list shared by every Context
# why: the list is a class attribute, so all contexts save into the same list and a new Context already holds tensors.
# see: Exercise 1 · A Context (1 point)
# hint: where should the storage of one Context be created, so that each Context gets its own?
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    needs_input_grad = ()
    _saved = []
    _freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for index, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save tensors, but argument {index} is a {type(t).__name__}")
        self._saved.clear()
        self._saved.extend(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._freed:
            raise RuntimeError("the saved tensors were freed: specify retain_graph=True to keep them")
        return tuple(self._saved)

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._freed = True
