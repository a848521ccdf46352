# copy of solution: rename, recomment, generator turned into a loop
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    c = cls._backward_cls()
    flags = []
    for x in args:
        flags.append(isinstance(x, Tensor) and x.requires_grad)
    c.needs_input_grad = tuple(flags)
    # forward must not record a graph
    with no_grad():
        y = cls.forward(c, *args)
    y = Tensor(y.data if isinstance(y, Tensor) else y)
    if is_grad_enabled() and any(c.needs_input_grad):
        c.next_functions = tuple(gradient_edge(x) for x in args if isinstance(x, Tensor))
        y.grad_fn = c
        y.requires_grad = True
    return y
