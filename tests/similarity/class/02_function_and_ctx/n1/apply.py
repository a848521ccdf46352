# source: written for this set
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    node = cls._backward_cls()
    # which inputs want a gradient
    needs = []
    for argument in args:
        if isinstance(argument, Tensor):
            needs.append(argument.requires_grad)
        else:
            needs.append(False)
    node.needs_input_grad = tuple(needs)
    # run forward without recording anything
    with no_grad():
        raw_output = cls.forward(node, *args)
    if isinstance(raw_output, Tensor):
        raw_output = raw_output.data
    result = Tensor(raw_output)
    # only build the graph when it is needed
    if is_grad_enabled() and True in needs:
        edges = []
        for argument in args:
            if isinstance(argument, Tensor):
                edges.append(gradient_edge(argument))
        node.next_functions = tuple(edges)
        result.requires_grad = True
        result.grad_fn = node
    return result
