# visible: fails
# mistake: calls the library's apply
# why: cls.apply is Function.apply, the very method the exercise asks you to write; the graph is right, but none of it is yours.
# see: Exercise 2 · `apply` (2 points)
# hint: build the node yourself with cls._backward_cls(), then follow the five steps.
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    return cls.apply(*args)
