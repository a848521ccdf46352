# Wrong: a view of a view composes the two windows in the wrong order (the new window first, then source's).
def share_base(view, source, view_fn):
    if source._base is not None:
        base = source._base
        source_fn = source._view_fn
        view._view_fn = lambda a: source_fn(view_fn(a))
    else:
        base = source
        view._view_fn = view_fn
    view._base = base
    view._version_counter = base._version_counter
    view._view_version = view._version_counter[0]
