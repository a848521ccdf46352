# heldout: edges from grad_fn alone
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    tensors = [a for a in args if isinstance(a, Tensor)]
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        value = cls.forward(ctx, *args)
    if isinstance(value, Tensor) and not any(value is t for t in tensors):
        output = value
    else:
        output = Tensor(value.data if isinstance(value, Tensor) else value)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple((t.grad_fn, 0) for t in tensors)
        output.grad_fn = ctx
        output.requires_grad = True
    return output
