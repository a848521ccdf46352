# visible: fails
# mistake: checks the number of pairs that zip made against the primals, so extra tangents slip through
# why: zip stops at the shorter sequence: one tangent too few is caught, but two tangents for one primal give no error, and the extra tangent is dropped silently.
# see: Exercise 4 · `jvp` (3 points)
# hint: with one primal and two tangents, how many pairs does zip(primals, tangents) make?
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    with dual_level():
        duals = [make_dual(p, t) for p, t in zip(primals, tangents)]
        if len(duals) != len(primals):
            raise RuntimeError(f"jvp: {len(primals)} primals but only {len(duals)} tangents")
        outputs = func(*duals)
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(p for p, _ in pairs)
    jvps = tuple(zeros_like(p) if t is None else t for p, t in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
