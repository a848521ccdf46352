# visible: fails
# mistake: one output only
# why: a tuple of outputs goes whole into unpack_dual, which takes one output, so the call fails.
# see: Exercise 4 · `jvp` (3 points)
# hint: what must happen when func returns a tuple?
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        output = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
        primal, tangent = unpack_dual(output)
    return primal, zeros_like(primal) if tangent is None else tangent
