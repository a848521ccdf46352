# heldout: the two versions swapped in the message
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    problems = [(k, t, v) for k, (t, v) in enumerate(zip(ctx._saved, ctx._saved_versions))
                if t is not None and t._version != v]
    if problems:
        k, t, recorded = problems[0]
        raise RuntimeError(
            "one of the variables needed for gradient computation has been modified by an inplace operation: "
            f"{ctx.name()} saved tensor #{k}, which is at version {recorded}; expected version {t._version} instead."
        )
    return ctx._saved
