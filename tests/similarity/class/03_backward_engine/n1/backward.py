# source: written for this set
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for edge, gradient in zip(node.next_functions, grad_inputs, strict=False):
        target_node = edge[0]
        slot_number = edge[1]
        if target_node is None:
            continue
        if gradient is None:
            continue
        # first gradient for this node: make its list of slots
        if target_node not in buffers:
            buffers[target_node] = [None] * target_node.num_outputs
        slots = buffers[target_node]
        if slots[slot_number] is None:
            slots[slot_number] = gradient
        else:
            # a node reached twice: add, but never in place
            slots[slot_number] = slots[slot_number] + gradient


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad.

    ``grad_tensors``: d(loss)/d(tensor) for each tensor (same shape; may be omitted for scalars).
    Saved tensors are freed unless ``retain_graph`` (default: ``create_graph``). With
    ``create_graph`` the backward pass is itself recorded, for higher-order gradients.
    """
    root = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    buffers = {root: [None]}
    all_nodes = topological_order(root)
    with set_grad_enabled(create_graph):
        for current in all_nodes:
            if current not in buffers:
                # nothing arrived here, skip it
                continue
            incoming = buffers.pop(current)
            outgoing = current.apply(*incoming)
            if retain_graph is False:
                current.release()
            _send(buffers, current, outgoing)
