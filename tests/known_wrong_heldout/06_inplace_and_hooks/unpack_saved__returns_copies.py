# heldout: returns copies of the saved tensors
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    out = []
    for idx, (t, v) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is None:
            out.append(None)
            continue
        if t._version != v:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {idx} of {ctx.name()} is at version {t._version}; "
                f"expected version {v} instead."
            )
        out.append(t.clone())
    return tuple(out)
