# source: written for this set, a student who numbers the nodes by depth first finishing time
def _send(buffers, node, grad_inputs):
    """Route each input gradient to the slot of the node it feeds."""
    for k, g in enumerate(grad_inputs):
        if k >= len(node.next_functions):
            break
        dest, slot = node.next_functions[k]
        if dest is None or g is None:
            continue
        row = buffers.get(dest) or [None] * dest.num_outputs
        row[slot] = g if row[slot] is None else row[slot] + g
        buffers[dest] = row


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    """Run the backward pass from ``tensors`` down to the leaves."""
    root = graph_root(tensors, grad_tensors)
    keep_graph = retain_graph if retain_graph is not None else create_graph
    grads_for = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            if node in grads_for:
                result = node.apply(*grads_for.pop(node))
                _send(grads_for, node, result)
                if not keep_graph:
                    node.release()
