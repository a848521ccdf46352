# Wrong: takes an empty ctx._saved to mean "freed", so a node that saved nothing (AddBackward) raises the retain_graph error although it was never freed.
def unpack_saved(ctx):
    if ctx._freed or not ctx._saved:
        raise RuntimeError(FREED_MESSAGE)
    for k, (t, recorded) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != recorded:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"saved tensor {k} of {ctx.name()} is at version {t._version}; expected version {recorded} instead")
    return ctx._saved
