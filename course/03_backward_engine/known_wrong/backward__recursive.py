# visible: fails
# mistake: pushes gradients down recursively
# why: each gradient is passed on as soon as it is made, so a node reached twice runs twice, nothing is freed, and a chain of 10,000 nodes goes past Python's recursion limit.
# see: The backward loop
# hint: in which order must the nodes run, and how many times should each one run?
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
