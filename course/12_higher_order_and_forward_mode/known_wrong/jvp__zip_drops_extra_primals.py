# visible: fails
# mistake: no length check
# why: zip stops at the shorter tuple, so an extra primal is dropped silently instead of raising.
# see: Exercise 4 · `jvp` (3 points)
# hint: what should jvp do when the two tuples have different lengths?
def jvp(func, primals, tangents):
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
