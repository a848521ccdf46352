# Wrong: whether to record a node is decided by the first argument alone, so apply(Mul, w, x) with only x requiring grad records nothing.
def apply(cls, *args):
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        out = cls.forward(ctx, *args)
    if not isinstance(out, Tensor):
        out = Tensor(out)
    elif any(out is a for a in args):
        out = Tensor(out.data)
    if is_grad_enabled() and ctx.needs_input_grad[0]:
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        out.grad_fn = ctx
        out.requires_grad = True
    return out
