# visible: passes
# mistake: release() only sets a flag
# why: saved_tensors refuses after release(), but the context still holds the saved tensors, so their memory is kept as long as the graph lives: freeing them is what release() is for.
# see: The context
# hint: after release(), does the context still refer to the tensors it saved?
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for index, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(
                    f"save_for_backward can only save tensors, but argument {index} "
                    f"is of type {type(t).__name__}; keep other values as ctx attributes"
                )
        self._saved = tensors

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self._freed:
            raise RuntimeError(
                "Trying to backward through the graph a second time: the saved tensors were "
                "freed. Specify retain_graph=True to keep them."
            )
        return self._saved

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._freed = True
