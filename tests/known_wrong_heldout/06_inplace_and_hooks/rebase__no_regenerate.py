# heldout: leaves the view's grad_fn as it was
def rebase(view, fn):
    b = view._base
    edge = gradient_edge(b)
    b._grad_fn = CopySlices(edge, fn, index_map(view), b)
    b._output_nr = 0
    b._requires_grad = True
