# Wrong: needs_input_grad is set after forward has run, so a forward that reads ctx.needs_input_grad sees the empty default.
def apply(cls, *args):
    ctx = cls._backward_cls()
    with no_grad():
        out = cls.forward(ctx, *args)
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    if not isinstance(out, Tensor):
        out = Tensor(out)
    elif any(out is a for a in args):
        out = Tensor(out.data)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        out.grad_fn = ctx
        out.requires_grad = True
    return out
