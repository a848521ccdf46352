# heldout: an extra call of func
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    size = x.shape[0]
    out_shape = func(x).shape
    J = np.zeros(tuple(out_shape) + (size,))
    for k in range(size):
        unit = np.zeros(size)
        unit[k] = 1.0
        J[..., k] = forward_ad.jvp(func, (x,), (unit,))[1].data
    return Tensor(J)
