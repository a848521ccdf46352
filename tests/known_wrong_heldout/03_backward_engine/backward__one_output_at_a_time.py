# heldout: one pass per output
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for (target, slot), incoming in zip(node.next_functions, grad_inputs, strict=False):
        if target is None or incoming is None:
            continue
        if target not in buffers:
            buffers[target] = [None] * target.num_outputs
        cell = buffers[target]
        cell[slot] = incoming if cell[slot] is None else cell[slot] + incoming


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
    if isinstance(tensors, Tensor):
        tensors = [tensors]
    tensors = list(tensors)
    if grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    elif isinstance(grad_tensors, Tensor | np.ndarray | float | int):
        grad_tensors = [grad_tensors]
    if retain_graph is None:
        retain_graph = create_graph
    for output, given in zip(tensors, grad_tensors, strict=True):
        start = graph_root(output, given)
        pending = {start: [None]}
        with set_grad_enabled(create_graph):
            for current in topological_order(start):
                if current not in pending:
                    continue
                received = pending.pop(current)
                outgoing = current.apply(*received)
                if not retain_graph:
                    current.release()
                _send(pending, current, outgoing)
