# copy of n1: rename, recomment, while loop turned into a for loop
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for p in range(len(ctx._saved)):
        t = ctx._saved[p]
        old = ctx._saved_versions[p]
        if t is not None:
            cur = t._version
            if cur != old:
                msg = ("one of the variables needed for gradient computation has been modified by "
                       "an inplace operation: tensor " + str(p) + " saved by " + ctx.name()
                       + " is at version " + str(cur) + "; expected version "
                       + str(old) + " instead.")
                raise RuntimeError(msg)
    return ctx._saved
