# copy of n1: rename, recomment, conditions merged
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for e, g in zip(node.next_functions, grad_inputs, strict=False):
        tgt = e[0]
        k = e[1]
        if tgt is None or g is None:
            continue
        if tgt not in buffers:
            buffers[tgt] = [None] * tgt.num_outputs
        s = buffers[tgt]
        if s[k] is None:
            s[k] = g
        else:
            s[k] = s[k] + g


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
    r = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    bufs = {r: [None]}
    nodes = topological_order(r)
    with set_grad_enabled(create_graph):
        for n in nodes:
            if n not in bufs:
                continue
            got = bufs.pop(n)
            sent = n.apply(*got)
            if retain_graph is False:
                n.release()
            _send(bufs, n, sent)
