# visible: fails
# mistake: edges from grad_fn alone
# why: a leaf that requires grad has no grad_fn, so its edge becomes (None, 0) and its gradient would never arrive.
# see: `Function.apply`: recording a node
# hint: which helper gives the edge of a leaf that requires grad?
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
        ctx.next_functions = tuple((a.grad_fn, 0) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
