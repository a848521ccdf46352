# visible: fails
# mistake: records the backward pass
# why: without set_grad_enabled(create_graph), the arithmetic of every backward is recorded, so after a plain backward x.grad has a grad_fn and requires grad.
# see: `create_graph`, briefly
# hint: in which grad mode should the nodes run when create_graph is False?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    buffers = {root: [None]}
    for node in topological_order(root):
        grad_outputs = buffers.pop(node, None)
        if grad_outputs is None:
            continue
        grad_inputs = node.apply(*grad_outputs)
        if not retain_graph:
            node.release()
        _send(buffers, node, grad_inputs)
