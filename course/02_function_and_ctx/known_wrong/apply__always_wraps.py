# visible: fails
# mistake: wraps every Tensor forward returns in a new one
# why: a Tensor that forward made and saved (Exp saves its output) is then not the output the caller gets: the saved one has no grad_fn, so a backward written with it is cut off from the graph, and second derivatives through it are lost.
# see: `Function.apply`: recording a node
# hint: step 4: which returned Tensors need a fresh wrapper, and which are the output as they are?
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    ctx = cls._backward_cls()
    ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    with no_grad():
        output = cls.forward(ctx, *args)
    output = Tensor(output.data if isinstance(output, Tensor) else output)
    if is_grad_enabled() and any(ctx.needs_input_grad):
        ctx.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        output.grad_fn = ctx
        output.requires_grad = True
    return output
