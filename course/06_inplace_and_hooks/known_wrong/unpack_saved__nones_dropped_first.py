# visible: passes
# mistake: drops the saved Nones before pairing tensors with versions
# why: once the Nones are gone, every tensor after a saved None is compared with its neighbour's recorded version: (a, None, b) saved at versions 2 and 1 raises although nothing changed since.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: which recorded version belongs to which entry of ctx._saved, and what happens to that pairing when entries are removed?
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
