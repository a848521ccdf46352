# source: written for this set, a verbose student (explicit iterators, comments)
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for edge_index in range(len(node.next_functions)):
        target_node, slot = node.next_functions[edge_index]
        if edge_index >= len(grad_inputs):
            break
        incoming = grad_inputs[edge_index]
        if target_node is None:
            continue
        if incoming is None:
            continue
        if target_node not in buffers:
            buffers[target_node] = [None for _ in range(target_node.num_outputs)]
        if buffers[target_node][slot] is None:
            buffers[target_node][slot] = incoming
        else:
            buffers[target_node][slot] = buffers[target_node][slot] + incoming


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
    if retain_graph is None:
        retain_graph = create_graph
    start_node = graph_root(tensors, grad_tensors)
    pending_gradients = {start_node: [None]}
    # the order guarantees that a node is reached only after everything that feeds it
    ordered_nodes = topological_order(start_node)
    with set_grad_enabled(create_graph):
        for current_node in ordered_nodes:
            if current_node not in pending_gradients:
                continue
            gradients_out = pending_gradients.pop(current_node)
            gradients_in = current_node.apply(*gradients_out)
            if retain_graph is False:
                current_node.release()
            _send(pending_gradients, current_node, gradients_in)
