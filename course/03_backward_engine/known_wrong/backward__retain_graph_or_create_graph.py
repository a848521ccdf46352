# visible: passes
# mistake: retain_graph or create_graph
# why: an explicit retain_graph=False is overridden by create_graph=True, so the graph is kept when the caller asked to free it (PyTorch frees it, and a second backward raises).
# see: Exercise 3 · `backward` (3 points)
# hint: retain_graph follows create_graph only when it is not given: which value means "not given"?
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
