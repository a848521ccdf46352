# copy of n1: rename, recomment, methods reordered
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self.released = False
        self.stored = ()

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self.released = True
        self.stored = None

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        i = 0
        for t in tensors:
            good = t is None or isinstance(t, Tensor)
            if not good:
                raise TypeError("save_for_backward: argument " + str(i) + " is a "
                                + type(t).__name__ + ", but only Tensors or None can be saved")
            i = i + 1
        self.stored = tuple(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self.released:
            raise RuntimeError("the saved tensors have been freed; pass retain_graph=True "
                               "to backward if you need them again")
        return self.stored
