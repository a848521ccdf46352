# visible: fails
# mistake: a list taken as one primal
# why: anything that is not a tuple is wrapped as a single primal, so a list of inputs becomes one input, and the tangents no longer match.
# see: Exercise 4 · `jvp` (3 points)
# hint: the primals may come as a tuple or as a list; does your code treat both the same way?
def jvp(func, primals, tangents):
    primals = primals if isinstance(primals, tuple) else (primals,)
    tangents = tangents if isinstance(tangents, tuple) else (tangents,)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
