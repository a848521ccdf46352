# visible: fails
# mistake: keeps forward's Tensor as the output, even when it is an input
# why: when forward returns one of its inputs, apply sets that input's grad_fn, and the input's own node is lost.
# see: `Function.apply`: recording a node
# hint: step 4: what should apply return when forward gives back one of its inputs?
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        output = cls.forward(ctx, *args)
    output = output if isinstance(output, Tensor) else Tensor(output)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
