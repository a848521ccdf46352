# source: tests/unusual_correct/12_higher_order_and_forward_mode/jvp__try_finally_and_loops.py
def jvp(func, primals, tangents):
    primals, tangents = list(primals), list(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError(f"{len(primals)} primals but {len(tangents)} tangents")
    level = dual_level()
    level.__enter__()
    try:
        result = func(*[make_dual(p, t) for p, t in zip(primals, tangents)])
        many = isinstance(result, tuple)
        values, jvps = [], []
        for out in (result if many else [result]):
            unpacked = unpack_dual(out)
            values.append(unpacked.primal)
            jvps.append(unpacked.tangent if unpacked.tangent is not None else zeros_like(unpacked.primal))
    finally:
        level.__exit__(None, None, None)
    if many:
        return tuple(values), tuple(jvps)
    return values[0], jvps[0]
