# visible: passes
# Recursion instead of an order: each gradient is pushed down as soon as it is made. Deep graphs exceed the
# recursion limit, a node reached twice runs twice, and nothing is freed.
def _send(buffers, node, grad_inputs):
    pass


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    root = graph_root(tensors, grad_tensors)

    def run(node, grad_outputs):
        grad_inputs = node.apply(*grad_outputs)
        for (next_node, output_nr), g in zip(node.next_functions, grad_inputs, strict=False):
            if next_node is not None and g is not None:
                run(next_node, [g])

    with set_grad_enabled(create_graph):
        run(root, [None])
