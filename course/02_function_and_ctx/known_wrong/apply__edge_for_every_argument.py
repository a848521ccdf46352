# visible: fails
# mistake: an edge for every argument
# why: a float exponent gets an edge (None, 0) too, so Pow.apply(a, 2.0) has two edges where torch has one.
# see: `Function.apply`: recording a node
# hint: step 5 says which arguments get an edge: is a float one of them?
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
        ctx.next_functions = tuple(gradient_edge(a) if isinstance(a, Tensor) else (None, 0) for a in args)
        output.grad_fn = ctx
        output.requires_grad = True
    return output
