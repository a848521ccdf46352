# copy of i03: names changed, the edges list inlined, the if/accumulate turned into a conditional expression, the negated free_after turned around, the context manager written in one line, a dead line
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for idx, grad in enumerate(grad_inputs):
        if grad is None or idx >= len(node.next_functions):
            continue
        nxt, nr = node.next_functions[idx]
        if nxt is None:
            continue
        slots = buffers.setdefault(nxt, nxt.num_outputs * [None])
        slots[nr] = grad if slots[nr] is None else slots[nr] + grad


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    top = graph_root(tensors, grad_tensors)
    keep = create_graph if retain_graph is None else retain_graph
    queue = {top: [None]}
    steps = 0
    with set_grad_enabled(create_graph):
        for fn in topological_order(top):
            received = queue.pop(fn, None)
            if received is None:
                continue
            result = fn.apply(*received)
            if not keep:
                fn.release()
            _send(queue, fn, result)
