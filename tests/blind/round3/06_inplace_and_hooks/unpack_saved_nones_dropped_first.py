# Wrong: the Nones are filtered out before zipping with the recorded versions, so after a saved None each tensor is compared with its neighbour's version.
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    tensors = [t for t in ctx._saved if t is not None]
    for k, (t, recorded) in enumerate(zip(tensors, ctx._saved_versions)):
        if t._version != recorded:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"saved tensor {k} of {ctx.name()} is at version {t._version}; expected version {recorded} instead")
    return ctx._saved
