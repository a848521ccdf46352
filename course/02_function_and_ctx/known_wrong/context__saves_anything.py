# visible: fails
# mistake: saves any value
# why: a float or a numpy array is saved without complaint, but only Tensors (or None) may be saved.
# see: The context
# hint: where do numbers and shapes go, if not in save_for_backward?
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self._saved = ()
        self._freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
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
        self._saved = ()
        self._freed = True
