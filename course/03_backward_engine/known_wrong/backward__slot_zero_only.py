# visible: fails
# mistake: ignores output_nr
# why: every gradient goes into slot 0, so for a Function with two outputs the gradient of the second output reaches backward as if it were the first's.
# see: Nodes with several outputs
# hint: which slot of the buffer does the edge (node, output_nr) point to?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[0] = g if buffer[0] is None else buffer[0] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            grad_outputs = buffers.pop(node, None)
            if grad_outputs is None:
                continue
            grad_inputs = node.apply(*grad_outputs)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
