# visible: fails
# mistake: returns copies of the saved tensors
# why: backward gets clones, not the tensors that forward saved: the same numbers, new objects, and the memory of a copy for each read.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: what should come back, the saved tensors themselves or something made from them?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {i} of {ctx.name()} is at version {t._version}; expected version "
                f"{version} instead."
            )
    return tuple(None if t is None else t.clone() for t in ctx._saved)
