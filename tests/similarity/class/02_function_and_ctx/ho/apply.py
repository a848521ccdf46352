# source: tests/known_wrong_heldout/02_function_and_ctx/apply__calls_function_apply.py
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    # Function.apply already makes the node, runs forward under no_grad and connects the edges
    record = cls.apply
    output = record(*args)
    return output
