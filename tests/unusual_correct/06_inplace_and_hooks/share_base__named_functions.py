# unusual: a named inner function instead of a lambda, the base found by a loop
# visible: passes
def share_base(view, source, view_fn):
    base = source
    while base._base is not None:
        base = base._base
    if source._base is None:
        view._view_fn = view_fn
    else:
        outer = source._view_fn

        def composed(array):
            return view_fn(outer(array))

        view._view_fn = composed
    counter = base._version_counter
    view._base, view._version_counter, view._view_version = base, counter, counter[0]
