# heldout: saved_tensors is a method
class Context:
    """What forward leaves for backward: saved tensors and which inputs need a gradient."""

    def __init__(self):
        self.needs_input_grad = ()
        self.__saved = ()
        self.__freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors (or None) for backward; replaces what was saved before."""
        for idx, value in enumerate(tensors):
            if value is None or isinstance(value, Tensor):
                continue
            raise TypeError(f"only tensors can be saved; argument {idx} is a {type(value).__name__}")
        self.__saved = tensors

    def saved_tensors(self):
        """The tensors given to save_for_backward, in order."""
        if self.__freed:
            raise RuntimeError("the saved tensors were freed; backward again needs retain_graph=True")
        return self.__saved

    def release(self):
        """Free the saved tensors; reading saved_tensors afterwards is an error."""
        self.__saved = ()
        self.__freed = True
