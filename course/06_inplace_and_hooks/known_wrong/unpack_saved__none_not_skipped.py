# visible: fails
# mistake: reads the version of a saved None
# why: save_for_backward accepts None as a placeholder (a Linear without bias saves one); None has no _version, so reading it fails with AttributeError.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: what may stand in ctx._saved besides tensors?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {i} of {ctx.name()} is at version {t._version}; expected version "
                f"{version} instead."
            )
    return ctx._saved
