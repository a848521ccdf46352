# visible: passes
# mistake: sets needs_input_grad after forward has run
# why: the node is right in the end, but a forward that reads ctx.needs_input_grad (to skip work, as PyTorch allows) sees the empty () of a new node.
# see: `Function.apply`: recording a node
# hint: in which order do steps 2 and 3 come, and what may forward read from ctx?
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    with no_grad():
        output = cls.forward(ctx, *args)
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    if not isinstance(output, Tensor):
        output = Tensor(output)
    elif any(output is a for a in args):
        output = Tensor(output.data)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
