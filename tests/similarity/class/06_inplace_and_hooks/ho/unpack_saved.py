# source: tests/known_wrong_heldout/06_inplace_and_hooks/unpack_saved__checks_only_first.py
def unpack_saved(ctx: FunctionCtx) -> tuple[Tensor | None, ...]:
    """The saved tensors of ``ctx``, the very same objects, in order, after two checks:
    not freed by a backward pass, and none changed in place since it was saved."""
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    tensors, versions = ctx._saved, ctx._saved_versions
    if tensors:
        first, expected = tensors[0], versions[0]
        if first is not None and first._version != expected:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: the saved tensor of {ctx.name()} is at version {first._version}; "
                f"expected version {expected} instead."
            )
    return tensors
