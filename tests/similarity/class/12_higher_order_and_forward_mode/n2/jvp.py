# copy of u1: rename, recomment, the loop turned into a comprehension, a with block instead of try/finally
def jvp(func, primals, tangents):
    ps, ts = list(primals), list(tangents)
    if len(ps) != len(ts):
        raise RuntimeError(f"{len(ps)} primals but {len(ts)} tangents")
    with dual_level():
        res = func(*[make_dual(p, t) for p, t in zip(ps, ts)])
        multi = isinstance(res, tuple)
        unpacked = [unpack_dual(o) for o in (res if multi else [res])]
        vals = [u.primal for u in unpacked]
        tans = [u.tangent if u.tangent is not None else zeros_like(u.primal) for u in unpacked]
    if multi:
        return tuple(vals), tuple(tans)
    return vals[0], tans[0]
