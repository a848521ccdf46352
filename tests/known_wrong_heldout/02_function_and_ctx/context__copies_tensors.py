# heldout: saves copies
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self.store = None
        self.alive = True

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        kept = []
        for i in range(len(tensors)):
            t = tensors[i]
            if t is None:
                kept.append(None)
            elif isinstance(t, Tensor):
                kept.append(ag.tensor(t.data))  # a safe copy of the values
            else:
                raise TypeError(f"cannot save argument {i}: expected a Tensor or None, got {type(t).__name__}")
        self.store = tuple(kept)

    @property
    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if not self.alive:
            raise RuntimeError("saved tensors were freed after backward (pass retain_graph=True to keep them)")
        return () if self.store is None else self.store

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self.store = None
        self.alive = False
