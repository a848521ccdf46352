# visible: fails
# mistake: one tangent for every input
# why: every primal is paired with the first tangent, which is right for one input only.
# see: Exercise 4 · `jvp` (3 points)
# hint: which tangent belongs to primal k?
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        outputs = func(*(make_dual(p, tangents[0]) for p in primals))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
