# visible: fails
# mistake: buffers with one slot
# why: every buffer is made with a single slot, so the gradient of output 1 of a Function with two outputs has no slot to go to.
# see: Nodes with several outputs
# hint: how many slots does a node's buffer need, and where can you read that number?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None])
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
