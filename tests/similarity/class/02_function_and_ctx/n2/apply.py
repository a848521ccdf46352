# source: written for this set
def apply(cls, *args):
    ctx = cls._backward_cls()
    tensors = [a for a in args if isinstance(a, Tensor)]
    ctx.needs_input_grad = tuple(getattr(a, "requires_grad", False) if isinstance(a, Tensor) else False
                                 for a in args)
    with no_grad():
        out = cls.forward(ctx, *args)
    out = Tensor(getattr(out, "data", out))
    if not (is_grad_enabled() and any(ctx.needs_input_grad)):
        return out
    ctx.next_functions = tuple(map(gradient_edge, tensors))
    out.grad_fn, out.requires_grad = ctx, True
    return out
