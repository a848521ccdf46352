# visible: fails
# mistake: copies the base's counter instead of sharing it
# why: list(base._version_counter) is a new list with the same number: the next change of the base moves only the base's version.
# see: Building views: the shared counter
# hint: what makes two tensors share one counter?
def share_base(view, source, view_fn):
    base = source._base if source._base is not None else source
    if source._base is not None:
        parent = source._view_fn
        view._view_fn = lambda a: view_fn(parent(a))
    else:
        view._view_fn = view_fn
    view._base = base
    view._version_counter = list(base._version_counter)
    view._view_version = base._version_counter[0]
