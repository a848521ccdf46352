# heldout: ignores no_grad()
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    flags = [isinstance(a, Tensor) and a.requires_grad for a in args]
    ctx.needs_input_grad = tuple(flags)
    with no_grad():
        res = cls.forward(ctx, *args)
    if not isinstance(res, Tensor) or any(res is a for a in args):
        res = Tensor(res.data if isinstance(res, Tensor) else res)
    if any(flags):
        ctx.next_functions = tuple(map(gradient_edge, [a for a in args if isinstance(a, Tensor)]))
        res.grad_fn = ctx
        res.requires_grad = True
    return res
