# source: tests/unusual_correct/03_backward_engine/backward__grad_mode_by_hand.py
import contextlib


def _send(buffers, node, grad_inputs):
    for index, g in enumerate(grad_inputs):
        if index >= len(node.next_functions) or g is None:
            continue
        next_node, output_nr = node.next_functions[index]
        if next_node is None:
            continue
        slots = buffers.get(next_node)
        if slots is None:
            slots = [None] * next_node.num_outputs
            buffers[next_node] = slots
        slots[output_nr] = g if slots[output_nr] is None else slots[output_nr] + g


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    keep = create_graph if retain_graph is None else retain_graph
    root = graph_root(tensors, grad_tensors)
    order = list(reversed(list(reversed(topological_order(root)))))
    buffers = {root: [None]}
    with contextlib.ExitStack() as stack:
        stack.enter_context(al.enable_grad() if create_graph else al.no_grad())
        for node in order:
            if node not in buffers:
                continue
            grad_inputs = node.apply(*buffers.pop(node))
            if not keep:
                node.release()
            _send(buffers, node, grad_inputs)
