# source: written for this set
def jvp(func: Callable[..., Any], primals: Sequence[Any], tangents: Sequence[Any]) -> tuple[Any, Any]:
    """(func(*primals), J @ tangents) in one forward pass, like torch.func.jvp."""
    primals = list(primals)
    tangents = list(tangents)
    if len(primals) != len(tangents):
        raise RuntimeError("jvp: got " + str(len(primals)) + " primals but "
                           + str(len(tangents)) + " tangents; give one tangent per primal")
    with dual_level():
        dual_inputs = []
        for index in range(len(primals)):
            dual_inputs.append(make_dual(primals[index], tangents[index]))
        outputs = func(*dual_inputs)
        returned_tuple = isinstance(outputs, tuple)
        if not returned_tuple:
            outputs = (outputs,)
        values = []
        derivatives = []
        for output in outputs:
            primal, tangent = unpack_dual(output)
            values.append(primal)
            if tangent is None:
                # the output does not depend on the inputs
                tangent = zeros_like(primal)
            derivatives.append(tangent)
    if returned_tuple:
        return tuple(values), tuple(derivatives)
    return values[0], derivatives[0]
