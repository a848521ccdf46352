# source: tests/known_wrong_heldout/03_backward_engine/backward__adds_in_place.py
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for edge, incoming in zip(node.next_functions, grad_inputs, strict=False):
        target, slot = edge
        if target is None or incoming is None:
            continue
        if target not in buffers:
            buffers[target] = [None for _ in range(target.num_outputs)]
        held = buffers[target]
        if held[slot] is None:
            held[slot] = incoming
        else:
            held[slot].data += incoming.data


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
    start = graph_root(tensors, grad_tensors)
    keep = create_graph if retain_graph is None else retain_graph
    pending = {start: [None]}
    with set_grad_enabled(create_graph):
        for current in topological_order(start):
            received = pending.pop(current, None)
            if received is None:
                continue
            outgoing = current.apply(*received)
            if not keep:
                current.release()
            _send(pending, current, outgoing)
