# heldout: unpacks after the level closed
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    ps, ts = tuple(primals), tuple(tangents)
    if len(ps) != len(ts):
        raise RuntimeError(f"jvp: {len(ps)} primals but {len(ts)} tangents")
    with dual_level():
        outs = func(*(make_dual(p, t) for p, t in zip(ps, ts)))
    group = outs if isinstance(outs, tuple) else (outs,)
    answers, derivs = [], []
    for o in group:
        primal, tangent = unpack_dual(o)
        answers.append(primal)
        derivs.append(zeros_like(primal) if tangent is None else tangent)
    if isinstance(outs, tuple):
        return tuple(answers), tuple(derivs)
    return answers[0], derivs[0]
