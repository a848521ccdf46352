# source: course/06_inplace_and_hooks/06_inplace_and_hooks.md, cell unpack_saved
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions, strict=False)):
        if t is not None and t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by "
                f"an inplace operation: saved tensor {i} of {ctx.name()} (shape "
                f"{list(t.shape)}) is at version {t._version}; expected version {version} "
                "instead."
            )
    return ctx._saved
