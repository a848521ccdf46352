# visible: fails
# mistake: edges only for inputs that need a gradient
# why: a constant input gets no edge at all, so next_functions no longer has one entry per Tensor argument.
# see: `Function.apply`: recording a node
# hint: what edge does gradient_edge give a tensor that needs no gradient?
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
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor) and a.requires_grad)
        output.grad_fn = ctx
        output.requires_grad = True
    return output
