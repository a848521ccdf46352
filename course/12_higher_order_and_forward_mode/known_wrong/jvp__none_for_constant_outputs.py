# visible: fails
# mistake: None for a constant output
# why: a constant output unpacks with tangent None, and torch returns zeros in its place.
# see: Exercise 4 · `jvp` (3 points)
# hint: what does torch give as the JVP of an output that does not depend on the inputs?
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(tangent for _, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
