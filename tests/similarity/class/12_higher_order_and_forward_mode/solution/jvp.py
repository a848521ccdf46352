# source: course/12_higher_order_and_forward_mode/12_higher_order_and_forward_mode.md, cell jvp
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    primals, tangents = tuple(primals), tuple(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError(
            f"jvp: expected one tangent per primal, got {len(primals)} primals and {len(tangents)} tangents"
        )
    with dual_level():
        outputs = func(*(make_dual(p, t) for p, t in zip(primals, tangents, strict=True)))
        single = not isinstance(outputs, tuple)
        pairs = [unpack_dual(out) for out in ((outputs,) if single else outputs)]
    values = tuple(primal for primal, _ in pairs)
    jvps = tuple(zeros_like(primal) if tangent is None else tangent for primal, tangent in pairs)
    return (values[0], jvps[0]) if single else (values, jvps)
