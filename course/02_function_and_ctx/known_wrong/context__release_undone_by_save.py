# visible: fails
# mistake: release() is undone by the next save_for_backward
# why: release() empties the saved tuple into None and saved_tensors raises only while it is None, so a save_for_backward after release() brings a freed Context back to life.
# see: The context
# hint: after release(), should anything make saved_tensors readable again?
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()

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
        if self._saved is None:
            raise RuntimeError(
                "Trying to backward through the graph a second time: the saved tensors were "
                "freed. Specify retain_graph=True to keep them."
            )
        return self._saved

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self._saved = None
