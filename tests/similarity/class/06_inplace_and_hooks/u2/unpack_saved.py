# source: tests/unusual_correct/06_inplace_and_hooks/unpack_saved__index_loop.py
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for k in range(len(ctx._saved)):
        tensor = ctx._saved[k]
        if tensor is None:
            continue
        if tensor._version != ctx._saved_versions[k]:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                "%s's saved tensor %d is at version %d; expected version %d instead."
                % (ctx.name(), k, tensor._version, ctx._saved_versions[k])
            )
    return tuple(ctx._saved)
