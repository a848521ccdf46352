# visible: fails
# mistake: retain_graph defaults to False
# why: None is read as False, so backward(create_graph=True) frees the graph that the recorded gradients may still need, and a second pass raises.
# see: `create_graph`, briefly
# hint: when retain_graph is not given, what should it follow?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = bool(retain_graph)
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
