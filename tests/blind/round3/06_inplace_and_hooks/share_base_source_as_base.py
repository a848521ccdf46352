# Wrong: the base is always source, so a view of a view gets a view as its base and only the last window as its function.
def share_base(view, source, view_fn):
    view._base = source
    view._version_counter = source._version_counter
    view._view_fn = view_fn
    view._view_version = view._version_counter[0]
