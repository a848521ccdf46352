# visible: fails
# mistake: leaves the base's _output_nr as it was instead of setting it to 0
# why: a base that was output 1 of a two-output Function keeps _output_nr 1, so its gradient edge is (CopySlices, 1); a CopySlices has one output only, and backward through the base fails with an IndexError.
# see: Exercise 8 · `rebase` (1 point)
# hint: CopySlices has a single output: which output number must an edge to it carry?
def rebase(view: Tensor, fn: FunctionCtx) -> None:
    """After fn changed view in place while recording: the base's grad_fn becomes a CopySlices
    around fn, and the view's is made again from it."""
    base = view._base
    copy_slices = CopySlices(gradient_edge(base), fn, index_map(view), base)
    base._grad_fn, base._requires_grad = copy_slices, True
    regenerate(view)
