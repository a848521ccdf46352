# visible: fails
# mistake: records a node nobody needs
# why: a node is connected whenever recording is on, even when no input requires grad.
# see: `Function.apply`: recording a node
# hint: step 5 has two conditions: which one is missing?
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        output = cls.forward(ctx, *args)
    if not isinstance(output, Tensor):
        output = Tensor(output)
    elif any(output is a for a in args):  # an input: its own grad_fn must stay
        output = Tensor(output.data)
    if is_grad_enabled():
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
