# visible: fails
# mistake: does not mark the base as requiring grad
# why: a base that needed no gradient before gets one through c: without requires_grad the engine never reaches CopySlices and c gets nothing.
# see: Exercise 8 · `rebase` (1 point)
# hint: b = zeros(3); b[0:2].add_(w) with w requiring grad: does b require grad now?
def rebase(view, fn):
    base = view._base
    copy_slices = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn, base._output_nr = copy_slices, 0
    regenerate(view)
