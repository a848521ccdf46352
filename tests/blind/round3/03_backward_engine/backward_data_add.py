# Wrong: gradients that meet are added on their numpy data into a new Tensor, so with create_graph=True the sum has no graph.
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        if next_node not in buffers:
            buffers[next_node] = [None] * next_node.num_outputs
        slot = buffers[next_node]
        slot[output_nr] = g if slot[output_nr] is None else Tensor(slot[output_nr].data + g.data)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in topological_order(root):
            buffer = buffers.pop(node, None)
            if buffer is None:
                continue
            grad_inputs = node.apply(*buffer)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
