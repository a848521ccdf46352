# visible: fails
# mistake: returns numpy arrays
# why: the values are right, but .data turns every output and JVP into a numpy array, not a Tensor.
# see: Exercise 4 · `jvp` (3 points)
# hint: what type does unpack_dual give, and what should jvp return?
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal.data for primal, _ in pairs)
    jvps = tuple(np.zeros(primal.shape) if tangent is None else tangent.data for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
