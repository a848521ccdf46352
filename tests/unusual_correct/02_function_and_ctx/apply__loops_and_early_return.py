# unusual: explicit loops, no_grad used as a decorator, and an early return when nothing is recorded
# visible: passes
def apply(cls, *args):
    node = cls._backward_cls()
    flags = []
    for arg in args:
        flags.append(bool(isinstance(arg, Tensor) and arg.requires_grad))
    node.needs_input_grad = tuple(flags)
    result = no_grad()(cls.forward)(node, *args)
    output = result
    if not isinstance(result, Tensor):
        output = Tensor(result)
    else:
        for arg in args:
            if arg is result:
                output = Tensor(result.data)
    if not is_grad_enabled() or True not in flags:
        return output
    links = []
    for arg in args:
        if isinstance(arg, Tensor):
            links.append(gradient_edge(arg))
    node.next_functions = tuple(links)
    output.grad_fn = node
    output.requires_grad = True
    return output
