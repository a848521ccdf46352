# visible: fails
# mistake: switches recording on instead of restoring it
# why: after forward it turns recording on, so a call inside no_grad() records a node and leaves recording on.
# see: `Function.apply`: recording a node
# hint: after forward, recording must be as it was before: which construct puts it back for you?
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    ag.set_grad_enabled(False)
    output = cls.forward(ctx, *args)
    ag.set_grad_enabled(True)
    if not isinstance(output, Tensor):
        output = Tensor(output)
    elif any(output is a for a in args):  # an input: its own grad_fn must stay
        output = Tensor(output.data)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
