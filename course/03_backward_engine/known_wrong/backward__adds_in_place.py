# visible: fails
# mistake: adds into a gradient in place
# why: buffer[output_nr].data += g.data changes a tensor that also sits elsewhere: the gradient the user passed, or the one tensor that a + b sent to both inputs.
# see: The backward loop
# hint: which objects may hold the very tensor you are adding into?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        if buffer[output_nr] is None:
            buffer[output_nr] = g
        else:
            buffer[output_nr].data += g.data


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
