# copy of n1: rename, recomment, loops turned into comprehensions
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    n = cls._backward_cls()
    req = [a.requires_grad if isinstance(a, Tensor) else False for a in args]
    n.needs_input_grad = tuple(req)
    with no_grad():
        out = cls.forward(n, *args)
    if isinstance(out, Tensor):
        out = out.data
    res = Tensor(out)
    if is_grad_enabled() and True in req:
        n.next_functions = tuple([gradient_edge(a) for a in args if isinstance(a, Tensor)])
        res.requires_grad = True
        res.grad_fn = n
    return res
