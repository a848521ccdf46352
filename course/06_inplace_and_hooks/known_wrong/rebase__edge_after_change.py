# visible: fails
# mistake: reads the base's edge after changing its grad_fn
# why: gradient_edge(base) then points at the new CopySlices itself: the old graph is cut off and x gets no gradient.
# see: Exercise 8 · `rebase` (1 point)
# hint: CopySlices' first edge is where the gradient went before the change.
def rebase(view, fn):
    base = view._base
    base._grad_fn, base._output_nr, base._requires_grad = fn, 0, True
    copy_slices = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn = copy_slices
    regenerate(view)
