# heldout: forgets the freed graph
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    for i, t in enumerate(ctx._saved):
        if t is None:
            continue
        recorded = ctx._saved_versions[i]
        if t._version == recorded:
            continue
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an inplace "
            f"operation: [{ctx.name()}, input {i}] is at version {t._version}; expected version "
            f"{recorded} instead."
        )
    return ctx._saved
