# source: written for this set
def _send(buffers, node, grad_inputs):
    for (nxt, k), g in zip(node.next_functions, grad_inputs, strict=False):
        if nxt is None or g is None:
            continue
        slots = buffers.get(nxt) or buffers.setdefault(nxt, [None] * nxt.num_outputs)
        slots[k] = g if slots[k] is None else slots[k] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    keep = create_graph if retain_graph is None else retain_graph
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in filter(lambda n: n in buffers, topological_order(root)):
            grads = node.apply(*buffers.pop(node))
            keep or node.release()
            _send(buffers, node, grads)
