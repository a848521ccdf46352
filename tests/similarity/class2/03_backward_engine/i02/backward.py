# source: written for this set, Kahn's algorithm over dependency counts
def _send(buffers, node, grad_inputs):
    for (nxt, k), g in zip(node.next_functions, grad_inputs):
        if nxt is not None and g is not None:
            slots = buffers.get(nxt)
            if slots is None:
                slots = buffers[nxt] = [None] * nxt.num_outputs
            slots[k] = g if slots[k] is None else slots[k] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    keep = create_graph if retain_graph is None else retain_graph
    r = graph_root(tensors, grad_tensors)
    bufs = {r: [None]}
    with set_grad_enabled(create_graph):
        for n in topological_order(r):
            if n in bufs:
                outs = n.apply(*bufs.pop(n))
                if not keep:
                    n.release()
                _send(bufs, n, outs)
