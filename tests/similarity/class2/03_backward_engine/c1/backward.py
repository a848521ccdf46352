# copy of i01: every name changed, the two None tests joined and inverted, the list comprehension written as a multiplication, the sum written with +=, the retain test written as not, comments dropped
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for k in range(len(node.next_functions)):
        if k >= len(grad_inputs):
            break
        dest, position = node.next_functions[k]
        g = grad_inputs[k]
        if dest is not None and g is not None:
            if dest not in buffers:
                buffers[dest] = dest.num_outputs * [None]
            if buffers[dest][position] is not None:
                buffers[dest][position] += g
            else:
                buffers[dest][position] = g


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    first_node = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    sorted_nodes = topological_order(first_node)
    stash = {first_node: [None]}
    with set_grad_enabled(create_graph):
        for fn in sorted_nodes:
            if fn not in stash:
                continue
            upstream = stash.pop(fn)
            downstream = fn.apply(*upstream)
            if not retain_graph:
                fn.release()
            _send(stash, fn, downstream)
