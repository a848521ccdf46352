# heldout: forward runs with recording on
def apply(cls, *args):
    """Run cls.forward on args and, if a gradient is needed, record the call as a graph node."""
    node = cls._backward_cls()
    node.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
    computed = cls.forward(node, *args)
    if isinstance(computed, Tensor) and not any(computed is a for a in args):
        fresh = computed
    else:
        fresh = Tensor(computed.data if isinstance(computed, Tensor) else computed)
    should_record = is_grad_enabled() and any(node.needs_input_grad)
    if should_record:
        node.next_functions = tuple(gradient_edge(a) for a in args if isinstance(a, Tensor))
        fresh.grad_fn = node
        fresh.requires_grad = True
    return fresh
