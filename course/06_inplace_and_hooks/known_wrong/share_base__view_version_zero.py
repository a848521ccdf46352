# visible: fails
# mistake: starts the view's version at 0
# why: a view shares its base's counter, which may be past 0: with _view_version 0 the view looks out of date at once and its grad_fn is made again.
# see: Views: one memory, one counter
# hint: what value does the shared counter hold at the moment of the call?
def share_base(view, source, view_fn):
    base = source._base if source._base is not None else source
    if source._base is not None:
        parent = source._view_fn
        view._view_fn = lambda a: view_fn(parent(a))
    else:
        view._view_fn = view_fn
    view._base = base
    view._version_counter = base._version_counter
    view._view_version = 0
