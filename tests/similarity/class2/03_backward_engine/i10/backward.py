# source: written for this set, a student who writes a long-hand depth-first search with colours
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for number, (edge, grad) in enumerate(zip(node.next_functions, grad_inputs)):
        receiver = edge[0]
        slot = edge[1]
        if receiver is None or grad is None:
            continue
        existing = buffers.get(receiver)
        if existing is None:
            existing = [None] * receiver.num_outputs
            buffers[receiver] = existing
        if existing[slot] is None:
            existing[slot] = grad
        else:
            existing[slot] = existing[slot] + grad


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    start = graph_root(tensors, grad_tensors)
    should_retain = retain_graph if retain_graph is not None else create_graph
    buffers = {start: [None]}
    nodes = topological_order(start)
    with set_grad_enabled(create_graph):
        for node in nodes:
            if node in buffers:
                grads_in = buffers.pop(node)
                grads_out = node.apply(*grads_in)
                if should_retain is False:
                    node.release()
                _send(buffers, node, grads_out)
