# heldout: applies the two view functions in the wrong order
def share_base(view, source, view_fn):
    if source._base is None:
        view._base, view._view_fn = source, view_fn
    else:
        first = source._view_fn
        view._base, view._view_fn = source._base, (lambda a: first(view_fn(a)))
    view._version_counter = view._base._version_counter
    view._view_version = view._version_counter[0]
