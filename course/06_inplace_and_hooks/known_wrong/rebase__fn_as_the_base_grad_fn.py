# visible: fails
# mistake: makes the in-place node itself the base's grad_fn
# why: fn takes the view's gradient, not the base's: its backward gets a gradient of the wrong shape and the rest of the base is lost.
# see: In place through a view: the graph is rewritten
# hint: which node turns a gradient of the whole base into one of the window?
def rebase(view, fn):
    base = view._base
    base._grad_fn, base._output_nr, base._requires_grad = fn, 0, True
    regenerate(view)
