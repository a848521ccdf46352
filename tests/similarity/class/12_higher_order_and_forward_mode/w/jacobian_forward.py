# copy of n1: rename, recomment, the loop turned into a comprehension
def jacobian_forward(func: Callable[[Any], Any], x: Tensor) -> Tensor:
    """The Jacobian of func at x (shape output.shape + (n,)), one JVP per input element."""
    n = x.shape[0]
    eye = np.eye(n)
    cols = [forward_ad.jvp(func, (x,), (eye[j],))[1].data for j in range(n)]
    J = np.stack(cols, axis=len(cols[0].shape))
    return Tensor(J)
