# visible: fails
# mistake: applies the two view functions in the wrong order
# why: the view's function takes the base; the source's must come first, then view_fn: for b.t()[0] the other order reads b[0].T, the first row.
# see: Exercise 6 · `share_base` (1 point)
# hint: which function expects an array shaped like the base?
def share_base(view, source, view_fn):
    base = source._base if source._base is not None else source
    if source._base is not None:
        parent = source._view_fn
        view._view_fn = lambda a: parent(view_fn(a))
    else:
        view._view_fn = view_fn
    view._base = base
    view._version_counter = base._version_counter
    view._view_version = base._version_counter[0]
