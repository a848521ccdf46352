# source: tests/unusual_correct/02_function_and_ctx/apply__loops_and_early_return.py
def apply(cls, *args):
    node = cls._backward_cls()
    flags = []
    for arg in args:
        flags.append(bool(isinstance(arg, Tensor) and arg.requires_grad))
    node.needs_input_grad = tuple(flags)
    result = no_grad()(cls.forward)(node, *args)
    if isinstance(result, Tensor):
        result = result.data
    output = Tensor(result)
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
