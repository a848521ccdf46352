# source: written for this set, Kahn's algorithm with a Counter
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    edges = node.next_functions
    for j in range(min(len(edges), len(grad_inputs))):
        nxt, nr = edges[j]
        g = grad_inputs[j]
        if nxt is not None and g is not None:
            if nxt not in buffers:
                buffers[nxt] = [None] * nxt.num_outputs
            prev = buffers[nxt][nr]
            buffers[nxt][nr] = g if prev is None else prev + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    retain_graph = create_graph if retain_graph is None else retain_graph
    root = graph_root(tensors, grad_tensors)
    pending = {root: [None]}
    with set_grad_enabled(create_graph):
        order = topological_order(root)
        for node in order:
            if node not in pending:
                continue
            grads = node.apply(*pending.pop(node))
            if not retain_graph:
                node.release()
            _send(pending, node, grads)
