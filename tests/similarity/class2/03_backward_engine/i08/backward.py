# source: written for this set, a student who keeps the children still to visit in lists
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for (child, output_nr), grad in zip(node.next_functions, grad_inputs):
        if grad is None or child is None:
            continue
        slots = buffers.setdefault(child, [None] * child.num_outputs)
        slots[output_nr] = grad if slots[output_nr] is None else slots[output_nr] + grad


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    root = graph_root(tensors, grad_tensors)
    order = topological_order(root)
    slots = {root: [None]}
    free = not create_graph if retain_graph is None else not retain_graph
    with set_grad_enabled(create_graph):
        for node in order:
            incoming = slots.pop(node, None)
            if incoming is None:
                continue
            _send(slots, node, node.apply(*incoming))
            if free:
                node.release()
