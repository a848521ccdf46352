# source: written for this set
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self.saved_values = ()
        self.was_released = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        # check every argument first, so nothing is kept when one is wrong
        position = 0
        for thing in tensors:
            is_ok = thing is None or isinstance(thing, Tensor)
            if not is_ok:
                raise TypeError("save_for_backward: argument " + str(position) + " is a "
                                + type(thing).__name__ + ", but only Tensors or None can be saved")
            position = position + 1
        self.saved_values = tuple(tensors)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self.was_released:
            raise RuntimeError("the saved tensors have been freed; pass retain_graph=True "
                               "to backward if you need them again")
        return self.saved_values

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self.saved_values = None
        self.was_released = True
