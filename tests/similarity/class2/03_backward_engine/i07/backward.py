# source: written for this set, a student who inserts finished nodes at the front
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for edge, grad in zip(node.next_functions, grad_inputs):
        fn, nr = edge
        if fn is None or grad is None:
            continue
        if fn not in buffers:
            buffers[fn] = [None] * fn.num_outputs
        if buffers[fn][nr] is None:
            buffers[fn][nr] = grad
        else:
            buffers[fn][nr] += grad


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    root = graph_root(tensors, grad_tensors)
    retain = retain_graph
    if retain is None:
        retain = create_graph
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for fn in topological_order(root):
            if fn not in buffers:
                continue
            grads = fn.apply(*buffers[fn])
            buffers.pop(fn)
            if not retain:
                fn.release()
            _send(buffers, fn, grads)
