# visible: fails
# mistake: keeps only the last view function
# why: for a view of a view, view_fn maps the source to the view, not the base: the index map of b.t()[0] comes out as b's first row.
# see: Building views: the shared counter
# hint: the view's function must start from the base. What does source._view_fn do?
def share_base(view, source, view_fn):
    base = source._base if source._base is not None else source
    view._view_fn = view_fn
    view._base = base
    view._version_counter = base._version_counter
    view._view_version = base._version_counter[0]
