# visible: fails
# mistake: compares each version with 0
# why: a tensor changed in place before it was saved is at version 1 when saved, so a = x * 1; a.add_(1); y = a * a raises although nothing changed since.
# see: Building the check
# hint: which version did apply record for each saved tensor, and where does it keep it?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, t in enumerate(ctx._saved):
        if t is not None and t._version != 0:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {i} is at version {t._version}; expected version 0 instead."
            )
    return ctx._saved
