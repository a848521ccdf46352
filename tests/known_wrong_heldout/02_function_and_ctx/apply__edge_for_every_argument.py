# heldout: an edge for every argument
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    node = cls._backward_cls()
    wants = []
    for arg in args:
        wants.append(isinstance(arg, Tensor) and bool(arg.requires_grad))
    node.needs_input_grad = tuple(wants)
    with no_grad():
        produced = cls.forward(node, *args)
    if isinstance(produced, Tensor) and all(produced is not arg for arg in args):
        result = produced
    else:
        result = Tensor(produced.data if isinstance(produced, Tensor) else produced)
    if True in wants and is_grad_enabled():
        links = []
        for arg in args:
            links.append(gradient_edge(arg) if isinstance(arg, Tensor) else (None, 0))
        node.next_functions = tuple(links)
        result.grad_fn = node
        result.requires_grad = True
    return result
