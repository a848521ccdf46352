# visible: fails
# mistake: a recursive topological sort inside backward
# why: the loop is right, but the order comes from a recursive search, and a chain of 10,000 nodes goes past Python's recursion limit.
# see: Finding one: post-order depth-first search
# hint: is there an order function already at hand that needs no recursion?
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is None or g is None:
            continue
        buffer = buffers.setdefault(next_node, [None] * next_node.num_outputs)
        buffer[output_nr] = g if buffer[output_nr] is None else buffer[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    finished, visited = [], set()

    def visit(node):
        if node in visited:
            return
        visited.add(node)
        for child, _ in node.next_functions:
            if child is not None:
                visit(child)
        finished.append(node)

    visit(root)
    buffers = {root: [None]}
    with set_grad_enabled(create_graph):
        for node in reversed(finished):
            grad_outputs = buffers.pop(node, None)
            if grad_outputs is None:
                continue
            grad_inputs = node.apply(*grad_outputs)
            if not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
