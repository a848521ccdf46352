# unusual: reads the edge into a name first and sets the base's fields with setattr
# visible: passes
def rebase(view, fn):
    base = view._base
    before = gradient_edge(base)
    node = CopySlices(before, fn, index_map(view), base)
    for name, value in (("_grad_fn", node), ("_output_nr", 0), ("_requires_grad", True)):
        setattr(base, name, value)
    regenerate(view)
