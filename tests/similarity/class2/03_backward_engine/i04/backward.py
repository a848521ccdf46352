# source: written for this set, breadth-first Kahn with a deque
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    pairs = [(edge, g) for edge, g in zip(node.next_functions, grad_inputs) if edge[0] is not None and g is not None]
    for (child, index), g in pairs:
        if child not in buffers:
            buffers[child] = [None] * child.num_outputs
        old = buffers[child][index]
        buffers[child][index] = g if old is None else old + g


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    if retain_graph is None:
        retain_graph = create_graph
    root = graph_root(tensors, grad_tensors)
    order = topological_order(root)
    inbox = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in order:
            if node not in inbox:
                continue
            outgoing = node.apply(*inbox[node])
            del inbox[node]
            _send(inbox, node, outgoing)
            if not retain_graph:
                node.release()
