# heldout: records a node nobody needs
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        forward_result = cls.forward(ctx, *args)
    output = forward_result
    if not isinstance(output, Tensor) or any(output is a for a in args):
        output = Tensor(output.data if isinstance(output, Tensor) else output)
    if is_grad_enabled():
        edge_list = []
        for a in args:
            if isinstance(a, Tensor):
                edge_list.append(gradient_edge(a))
        ctx.next_functions = tuple(edge_list)
        output.grad_fn = ctx
        output.requires_grad = True
    return output
