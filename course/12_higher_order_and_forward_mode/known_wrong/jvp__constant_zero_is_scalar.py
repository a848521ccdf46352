# visible: fails
# mistake: replaces a missing tangent by a 0-d zero instead of zeros of the output's shape
# why: a constant output of shape (2,) gets the JVP tensor(0.) of shape () instead of tensor([0., 0.]): right for a 0-d constant only.
# see: Exercise 4 · `jvp` (3 points)
# hint: each tangent has the shape of its value: what shape must the JVP of a constant output of shape (2,) have?
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: one tangent per primal is needed")
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(p for p, _ in pairs)
    jvps = tuple(autograd_lib.tensor(0.0) if t is None else t for _, t in pairs)  # a constant: zero
    return (values[0], jvps[0]) if single else (values, jvps)
