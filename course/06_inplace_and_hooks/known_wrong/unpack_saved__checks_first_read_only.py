# visible: fails
# mistake: checks only the first time the saved tensors are read
# why: the tensors may change after a first read (backward reads them later, or twice with retain_graph), and a read after the change must fail too.
# see: Building the check
# hint: between two reads, what can happen to a saved tensor?
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    if not getattr(ctx, "_versions_checked", False):
        for i, (t, version) in enumerate(zip(ctx._saved, ctx._saved_versions)):
            if t is not None and t._version != version:
                raise RuntimeError(
                    "one of the variables needed for gradient computation has been modified by an inplace "
                    f"operation: saved tensor {i} of {ctx.name()} is at version {t._version}; expected version "
                    f"{version} instead."
                )
        ctx._versions_checked = True
    return ctx._saved
