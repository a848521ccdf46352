# visible: fails
# mistake: the two versions swapped in the message
# why: the error says "is at version 0; expected version 1" when the tensor is at version 1 and was saved at 0, which sends the reader the wrong way.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: which number is the tensor's version now, and which one was recorded when it was saved?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {i} of {ctx.name()} is at version {version}; expected version "
                f"{t._version} instead."
            )
    return ctx._saved
