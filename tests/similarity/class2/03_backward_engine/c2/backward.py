# copy of i02: names changed, the chained assignment split, the conditional expression turned into if/else, the keep test inverted, comments added
def _send(buffers, node, grad_inputs):
    # each gradient goes into the slot of the edge it travels on
    for (target, nr), grad in zip(node.next_functions, grad_inputs):
        if target is None or grad is None:
            continue
        holder = buffers.get(target)
        if holder is None:
            holder = [None] * target.num_outputs
            buffers[target] = holder
        if holder[nr] is None:
            holder[nr] = grad
        else:
            holder[nr] = holder[nr] + grad


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False):
    start = graph_root(tensors, grad_tensors)
    if retain_graph is None:
        retain = create_graph
    else:
        retain = retain_graph
    holders = {start: [None]}
    with set_grad_enabled(create_graph):
        for fn in topological_order(start):
            if fn not in holders:
                continue
            result = fn.apply(*holders.pop(fn))
            if retain is False:
                fn.release()
            _send(holders, fn, result)
