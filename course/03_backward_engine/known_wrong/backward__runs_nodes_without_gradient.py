# visible: fails
# mistake: runs nodes that received nothing
# why: a node that no gradient reached is run with an empty buffer; its backward gets zeros and sends them on, so a leaf that should keep .grad None gets zeros.
# see: The backward loop
# hint: what should the loop do with a node that nothing was sent to?
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
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            grad_outputs = buffers.pop(node, [None] * node.num_outputs)
            grad_inputs = node.apply(*grad_outputs)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
