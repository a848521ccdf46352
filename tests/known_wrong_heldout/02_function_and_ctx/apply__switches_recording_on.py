# heldout: switches recording on instead of restoring it
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    recording = is_grad_enabled()
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    ag.set_grad_enabled(False)
    produced = cls.forward(ctx, *args)
    ag.set_grad_enabled(True)
    is_new = isinstance(produced, Tensor) and all(produced is not a for a in args)
    output = produced if is_new else Tensor(produced.data if isinstance(produced, Tensor) else produced)
    if recording and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
