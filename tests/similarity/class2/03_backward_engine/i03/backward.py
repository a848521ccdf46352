# source: written for this set, a student who peeks at the top of the stack
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    edges = list(node.next_functions)
    for position, gradient in enumerate(grad_inputs):
        if position >= len(edges) or gradient is None:
            continue
        receiver, slot = edges[position]
        if receiver is None:
            continue
        buffer = buffers.setdefault(receiver, [None] * receiver.num_outputs)
        if buffer[slot] is not None:
            gradient = buffer[slot] + gradient
        buffer[slot] = gradient


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    root = graph_root(tensors, grad_tensors)
    free_after = not (create_graph if retain_graph is None else retain_graph)
    waiting = {root: [None]}
    previous = set_grad_enabled(create_graph)
    with previous:
        for node in topological_order(root):
            grads = waiting.pop(node, None)
            if grads is not None:
                produced = node.apply(*grads)
                if free_after:
                    node.release()
                _send(waiting, node, produced)
