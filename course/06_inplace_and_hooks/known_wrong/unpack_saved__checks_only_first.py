# visible: fails
# mistake: checks only the first saved tensor
# why: y = p * q saves (p, q); a change to q goes unnoticed, and backward would read the new q.
# see: Building the check
# hint: a Function may save several tensors; which of them can be changed after saving?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    if ctx._saved and ctx._saved[0] is not None:
        t, version = ctx._saved[0], ctx._saved_versions[0]
        if t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor 0 of {ctx.name()} is at version {t._version}; expected version "
                f"{version} instead."
            )
    return ctx._saved
