# heldout: copies the base's counter instead of sharing it
import copy


def share_base(view, source, view_fn):
    base = source if source._base is None else source._base
    view._view_fn = view_fn if source._base is None else (lambda a: view_fn(source._view_fn(a)))
    view._base = base
    view._version_counter = copy.copy(base._version_counter)
    view._view_version = view._version_counter[0]
