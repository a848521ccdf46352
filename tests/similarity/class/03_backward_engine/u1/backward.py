# source: tests/unusual_correct/03_backward_engine/backward__dependency_counts.py
def _send(buffers, node, grad_inputs):
    for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
        if next_node is not None and g is not None:
            if next_node not in buffers:
                buffers[next_node] = [None for _ in range(next_node.num_outputs)]
            held = buffers[next_node][output_nr]
            buffers[next_node][output_nr] = g if held is None else held + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    waiting = {root: 0}
    stack = [root]
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            if child not in waiting:
                waiting[child] = 0
                stack.append(child)
            waiting[child] += 1
    buffers = {root: [None]}
    ready = [root]
    with set_grad_enabled(create_graph):
        while ready:
            node = ready.pop()
            grad_outputs = buffers.pop(node, None)
            grad_inputs = () if grad_outputs is None else node.apply(*grad_outputs)
            if grad_outputs is not None and not retain_graph:
                node.release()
            _send(buffers, node, grad_inputs)
            for child, _ in node.next_functions:
                if child is not None:
                    waiting[child] -= 1
                    if waiting[child] == 0:
                        ready.append(child)
