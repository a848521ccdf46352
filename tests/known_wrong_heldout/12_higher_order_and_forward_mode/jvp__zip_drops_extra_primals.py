# heldout: no length check
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    with dual_level():
        outs = func(*(make_dual(p, t) for p, t in zip(primals, tangents)))
        is_tuple = isinstance(outs, tuple)
        pairs = [unpack_dual(o) for o in (outs if is_tuple else [outs])]
    firsts = tuple(p for p, _ in pairs)
    seconds = tuple(zeros_like(p) if t is None else t for p, t in pairs)
    if is_tuple:
        return firsts, seconds
    return firsts[0], seconds[0]
