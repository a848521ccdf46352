# visible: fails
# mistake: never frees the graph
# why: retain_graph is ignored and no node is released, so a second backward through the same graph runs again instead of raising.
# see: Freeing the graph and `retain_graph`
# hint: after a node has run, what should happen to what it saved, unless retain_graph says otherwise?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            grad_outputs = buffers.pop(node, None)
            if grad_outputs is None:
                continue
            _send(buffers, node, node.apply(*grad_outputs))
