# visible: fails
# mistake: unpacks after the level closed
# why: when the level closes the tangents are dropped, so every JVP comes out as zeros.
# see: PyTorch's interface: levels, `make_dual`, `unpack_dual`
# hint: where must unpack_dual run: inside the with block or after it?
def jvp(func, primals, tangents):
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: expected one tangent per primal")
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
    single = not isinstance(outputs, tuple)
    pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
