# Wrong: retain_graph = retain_graph or create_graph, so an explicit retain_graph=False with create_graph=True still keeps the graph.
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        if next_node not in buffers:
            buffers[next_node] = [None] * next_node.num_outputs
        slot = buffers[next_node]
        slot[output_nr] = g if slot[output_nr] is None else slot[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = retain_graph or create_graph
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
