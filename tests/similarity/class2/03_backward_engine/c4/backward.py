# copy of i04: names changed, the filtering comprehension turned into a loop with an inverted test, the conditional expression turned into if/else, the release moved before the send, del turned into pop
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for (fn, slot), grad in zip(node.next_functions, grad_inputs):
        if fn is None or grad is None:
            continue
        if fn not in buffers:
            buffers[fn] = fn.num_outputs * [None]
        before = buffers[fn][slot]
        if before is None:
            buffers[fn][slot] = grad
        else:
            buffers[fn][slot] = before + grad


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    start = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    mailbox = {start: [None]}
    sequence = topological_order(start)
    with set_grad_enabled(create_graph):
        for fn in sequence:
            if fn in mailbox:
                result = fn.apply(*mailbox.pop(fn))
                if not retain_graph:
                    fn.release()
                _send(mailbox, fn, result)
