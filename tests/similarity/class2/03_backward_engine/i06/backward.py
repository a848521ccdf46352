# source: written for this set, a student who builds the reverse graph first
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    n = min(len(node.next_functions), len(grad_inputs))
    i = 0
    while i < n:
        target, nr = node.next_functions[i]
        gradient = grad_inputs[i]
        i += 1
        if target is None or gradient is None:
            continue
        if target in buffers:
            current = buffers[target][nr]
            buffers[target][nr] = gradient if current is None else current + gradient
        else:
            fresh = [None] * target.num_outputs
            fresh[nr] = gradient
            buffers[target] = fresh


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None, create_graph: bool = False) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    first = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    buffers = {}
    buffers[first] = [None]
    with set_grad_enabled(create_graph):
        for node in topological_order(first):
            try:
                incoming = buffers.pop(node)
            except KeyError:
                continue
            outgoing = node.apply(*incoming)
            if retain_graph == False:
                node.release()
            _send(buffers, node, outgoing)
