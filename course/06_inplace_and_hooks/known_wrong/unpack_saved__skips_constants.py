# visible: fails
# mistake: checks only the saved tensors that require grad
# why: for y = a * c with a constant c, backward multiplies by c, so a change to c after it was saved gives a wrong gradient of a, silently: a.grad is the new c (2, 4 after c.mul_(2)) instead of an error.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: backward of a * c multiplies the gradient by c: does it matter for a's gradient whether c itself requires grad?
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is None or not t.requires_grad:
            continue  # a constant has no gradient to get wrong
        if t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by "
                f"an inplace operation: saved tensor {i} of {ctx.name()} is at version "
                f"{t._version}; expected version {version} instead."
            )
    return ctx._saved
