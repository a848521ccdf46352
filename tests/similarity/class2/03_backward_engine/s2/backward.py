# copy of solution: every name changed, the accumulation written with +=, the release moved after the send, the buffer's pop split from the test, comments added
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    for (target, slot), g in zip(node.next_functions, grad_inputs):
        if target is None or g is None:
            continue
        box = buffers.setdefault(target, target.num_outputs * [None])
        if box[slot] is None:
            box[slot] = g
        else:
            box[slot] += g


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad."""
    begin = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain_graph = create_graph
    boxes = {begin: [None]}
    # with create_graph the backward pass is recorded too
    with set_grad_enabled(create_graph):
        for fn in topological_order(begin):
            if fn not in boxes:
                continue
            grads = boxes.pop(fn)
            results = fn.apply(*grads)
            _send(boxes, fn, results)
            if not retain_graph:
                fn.release()
