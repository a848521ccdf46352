# source: written for this set
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    # check 1: a backward pass already freed them
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    # check 2: compare the version now with the version at save time
    position = 0
    while position < len(ctx._saved):
        saved_tensor = ctx._saved[position]
        version_when_saved = ctx._saved_versions[position]
        if saved_tensor is not None:
            version_now = saved_tensor._version
            if version_now != version_when_saved:
                message = ("one of the variables needed for gradient computation has been modified by "
                           "an inplace operation: tensor " + str(position) + " saved by " + ctx.name()
                           + " is at version " + str(version_now) + "; expected version "
                           + str(version_when_saved) + " instead.")
                raise RuntimeError(message)
        position += 1
    return ctx._saved
