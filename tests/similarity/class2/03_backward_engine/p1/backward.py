# source: written for this set, a student who checks the shape first
def _send(buffers, node, grad_inputs):
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    live = [(e, g) for e, g in zip(node.next_functions, grad_inputs) if g is not None and e[0] is not None]
    for (dst, k), g in live:
        box = buffers.setdefault(dst, [None] * dst.num_outputs)
        box[k] = g if box[k] is None else box[k] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    top = graph_root(tensors, grad_tensors)
    keep = retain_graph
    if keep is None:
        keep = create_graph
    box = {top: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(top):
            if node not in box:
                continue
            out = node.apply(*box.pop(node))
            if not keep:
                node.release()
            _send(box, node, out)
