# source: written for this set
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    bad = [(i, t._version, v) for i, (t, v) in enumerate(zip(ctx._saved, ctx._saved_versions))
           if t is not None and t._version != v]
    for i, now, was in bad[:1]:
        raise RuntimeError(f"one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: {ctx.name()}[{i}] is at version {now}; expected version {was} instead.")
    return ctx._saved
