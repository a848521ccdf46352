# copy of i10: every name changed, the enumerate dropped, the if/else of the slot turned into a conditional expression, the statements after the root reordered, the edge unpacked in one line, docstrings dropped
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    for link, gradient in zip(node.next_functions, grad_inputs):
        target, index = link
        if not (target is not None and gradient is not None):
            continue
        held = buffers.get(target)
        if held is None:
            held = target.num_outputs * [None]
            buffers[target] = held
        held[index] = gradient if held[index] is None else held[index] + gradient


def backward(tensors: Tensors, grad_tensors: Any = None, retain_graph: bool | None = None,
             create_graph: bool = False) -> None:
    begin = graph_root(tensors, grad_tensors)
    sequence = topological_order(begin)
    store = {begin: [None]}
    keep_it = create_graph if retain_graph is None else retain_graph
    with set_grad_enabled(create_graph):
        for fn in sequence:
            if fn in store:
                received = store.pop(fn)
                sent = fn.apply(*received)
                if keep_it is False:
                    fn.release()
                _send(store, fn, sent)
