# copy of n1: rename, recomment, the first loop turned into a comprehension
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    primals = list(primals)
    tangents = list(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: got " + str(len(primals)) + " primals but "
                           + str(len(tangents)) + " tangents; give one tangent per primal")
    with dual_level():
        ins = [make_dual(primals[i], tangents[i]) for i in range(len(primals))]
        outs = func(*ins)
        is_tuple = isinstance(outs, tuple)
        if not is_tuple:
            outs = (outs,)
        vs = []
        ds = []
        for o in outs:
            p, t = unpack_dual(o)
            vs.append(p)
            if t is None:
                t = zeros_like(p)
            ds.append(t)
    if is_tuple:
        return tuple(vs), tuple(ds)
    return vs[0], ds[0]
