# visible: fails
# mistake: takes the source for the base, also when the source is a view
# why: a view of a view then has a view as its base, and its window is read from the wrong array: b.t()[0] gives positions of t, not of b.
# see: Exercise 6 · `share_base` (1 point)
# hint: what is the base of a view of a view?
def share_base(view, source, view_fn):
    view._base = source
    view._version_counter = source._version_counter
    view._view_fn = view_fn
    view._view_version = source._version_counter[0]
