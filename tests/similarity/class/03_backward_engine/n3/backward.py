# copy of solution: rename, recomment, docstrings removed
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    for (nn, nr), grad in zip(node.next_functions, grad_inputs, strict=False):
        if nn is None or grad is None:
            continue
        buf = buffers.setdefault(nn, [None] * nn.num_outputs)
        buf[nr] = grad if buf[nr] is None else buf[nr] + grad


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    r = graph_root(tensors, grad_tensors)
    retain_graph = create_graph if retain_graph is None else retain_graph
    bufs: dict[Node, list[Tensor | None]] = {r: [None]}
    with set_grad_enabled(create_graph):
        for n in topological_order(r):
            outs = bufs.pop(n, None)
            if outs is None:  # skip: nothing arrived
                continue
            ins = n.apply(*outs)
            if not retain_graph:
                n.release()
            _send(bufs, n, ins)
