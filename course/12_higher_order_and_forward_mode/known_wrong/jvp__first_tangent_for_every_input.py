# visible: passes
# Pairs every primal with the first tangent: right for one input only.
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
