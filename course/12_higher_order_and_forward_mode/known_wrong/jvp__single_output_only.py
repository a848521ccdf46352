# visible: passes
# Assumes func returns one output: a tuple of outputs is passed whole to unpack_dual.
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        output = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
        primal, tangent = unpack_dual(output)
    return primal, zeros_like(primal) if tangent is None else tangent
