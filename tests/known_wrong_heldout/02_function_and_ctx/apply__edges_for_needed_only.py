# heldout: edges only for inputs that need a gradient
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    needs = tuple(isinstance(v, Tensor) and v.requires_grad for v in args)
    ctx.needs_input_grad = needs
    with no_grad():
        raw = cls.forward(ctx, *args)
    if not isinstance(raw, Tensor):
        out = Tensor(raw)
    elif any(raw is v for v in args):
        out = Tensor(raw.data)
    else:
        out = raw
    if not is_grad_enabled() or not any(needs):
        return out
    ctx.next_functions = tuple(gradient_edge(v) for v, need in zip(args, needs) if need)
    out.grad_fn = ctx
    out.requires_grad = True
    return out
