# visible: passes
# mistake: takes an empty ctx._saved for a freed graph
# why: a node that saved nothing (the node of x + y) has an empty ctx._saved although it was never freed: reading it raises the retain_graph error instead of giving ().
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: which attribute of ctx says that a backward pass freed it?
def unpack_saved(ctx):
    if ctx._freed or not ctx._saved:
        raise RuntimeError(FREED_MESSAGE)
    for k, (t, recorded) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != recorded:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"saved tensor {k} of {ctx.name()} is at version {t._version}; expected version {recorded} instead")
    return ctx._saved
