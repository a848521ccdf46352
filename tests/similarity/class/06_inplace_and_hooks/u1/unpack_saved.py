# source: tests/unusual_correct/06_inplace_and_hooks/unpack_saved__any_and_next.py
def unpack_saved(ctx):
    if ctx._freed:
        raise RuntimeError(FREED_MESSAGE)
    pairs = zip(range(len(ctx._saved)), ctx._saved, ctx._saved_versions)
    changed = next(((i, t, v) for i, t, v in pairs if t is not None and t._version > v), None)
    if changed is not None:
        i, t, v = changed
        raise RuntimeError("one of the variables needed for gradient computation has been modified by an "
                           f"inplace operation: tensor number {i} is at version {t._version}; expected version {v} "
                           "instead.")
    return ctx._saved
