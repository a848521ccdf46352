# visible: fails
# mistake: forgets the freed graph
# why: after backward the saved tensors are gone (ctx._saved is empty), so the loop finds nothing and () comes back instead of the retain_graph error.
# see: Exercise 1 · `unpack_saved` (2 points)
# hint: what must reading saved_tensors do after a backward pass has freed the graph?
def unpack_saved(ctx):
    for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
        if t is not None and t._version != version:
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace "
                f"operation: saved tensor {i} of {ctx.name()} is at version {t._version}; expected version "
                f"{version} instead."
            )
    return ctx._saved
