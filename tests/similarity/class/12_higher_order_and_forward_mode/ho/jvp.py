# source: tests/known_wrong_heldout/12_higher_order_and_forward_mode/jvp__arrays_not_tensors.py
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    ps, ts = list(primals), list(tangents)
    if len(ps) != len(ts):
        raise RuntimeError(f"jvp: {len(ps)} primals but {len(ts)} tangents")
    with dual_level():
        result = func(*[make_dual(p, t) for p, t in zip(ps, ts)])
        many = isinstance(result, tuple)
        unpacked = [unpack_dual(r) for r in (result if many else (result,))]
    vals, dirs = [], []
    for primal, tangent in unpacked:
        vals.append(primal.data)
        dirs.append(np.zeros_like(primal.data) if tangent is None else tangent.data)
    if many:
        return tuple(vals), tuple(dirs)
    return vals[0], dirs[0]
