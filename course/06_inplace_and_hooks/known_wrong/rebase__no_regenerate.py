# visible: fails
# mistake: leaves the view's grad_fn as it was
# why: the view keeps the in-place node, which CopySlices now runs; a later use of the view sends its gradient past the base's new graph.
# see: In place through a view: the graph is rewritten
# hint: after the base's grad_fn changed, what must the view's be made from?
def rebase(view, fn):
    base = view._base
    copy_slices = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn, base._output_nr, base._requires_grad = copy_slices, 0, True
