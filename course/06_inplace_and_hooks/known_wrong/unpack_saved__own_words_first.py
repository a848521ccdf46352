# visible: fails
# mistake: the error message begins with its own words instead of PyTorch's
# why: "saved tensor 1 of MulBackward was modified by an inplace operation: it is at version 1; expected version 0 instead." has both versions but does not begin with "one of the variables needed for gradient computation has been modified by an inplace operation", the start that code (and people) searching for PyTorch's error look for.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: does str(error).startswith("one of the variables needed for gradient computation") hold for your message?
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != version:
            raise RuntimeError(
                f"saved tensor {i} of {ctx.name()} was modified by an inplace operation: "
                f"it is at version {t._version}; expected version {version} instead."
            )
    return ctx._saved
