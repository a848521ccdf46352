# visible: fails
# mistake: one pass per output
# why: backward([y1, y2]) runs a separate pass for each output; the first pass frees the nodes the outputs share, and the second one raises.
# see: Where the backward pass starts
# hint: how does graph_root let one pass start from several outputs?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def _one_pass(tensor, grad, retain_graph, create_graph):
    root = graph_root(tensor, grad)
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


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    retain_graph = create_graph if retain_graph is None else retain_graph
    if isinstance(tensors, Tensor):
        tensors, grad_tensors = [tensors], [grad_tensors]
    elif grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    for tensor, grad in zip(tensors, grad_tensors):
        _one_pass(tensor, grad, retain_graph, create_graph)
