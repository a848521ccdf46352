# visible: fails
# mistake: sets the leaves' .grad instead of accumulating
# why: the loop writes a leaf's gradient straight into .grad, replacing what was there, so a second backward call forgets the first.
# see: Reused nodes and repeated calls, on both libraries
# hint: what does an AccumulateGrad node do with the gradient that was already in .grad?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


from autograd_lib.node import AccumulateGrad


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            grad_outputs = buffers.pop(node, None)
            if grad_outputs is None:
                continue
            if isinstance(node, AccumulateGrad):
                node.variable.grad = grad_outputs[0]
                continue
            grad_inputs = node.apply(*grad_outputs)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
