# visible: fails
# mistake: makes a buffer before skipping a None gradient
# why: the buffer of the next node is created before the None check, so a node that was sent only None still runs, with zeros, and its leaves get .grad = 0 instead of None.
# see: Exercise 3 · `backward` (3 points)
# hint: which edges should leave no trace in buffers at all?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        if g is None:
            continue
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


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
