# Wrong: gradient_edge(base) is read after base._grad_fn was replaced, so CopySlices' first edge points at itself's slot, not at the old grad_fn.
def rebase(view, fn):
    base = view._base
    node = CopySlices(None, fn, index_map(view), base)
    base._grad_fn = node
    base._output_nr = 0
    base._requires_grad = True
    node = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn = node
    regenerate(view)
