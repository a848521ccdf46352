# visible: fails
# mistake: takes the view's edge for the base's
# why: the view's old edge leads to the window's node, which expects a gradient of the window's shape, and skips the rest of the base.
# see: Exercise 8 · `rebase` (1 point)
# hint: whose gradient does CopySlices' first result belong to?
def rebase(view, fn):
    base = view._base
    copy_slices = CopySlices(fn.next_functions[0], fn, index_map(view), base)
    base._grad_fn, base._output_nr, base._requires_grad = copy_slices, 0, True
    regenerate(view)
