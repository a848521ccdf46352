# copy of u1: rename, recomment, the two branches swapped
def _seed(i, output, grad):
    if grad is not None:
        v = grad.data if isinstance(grad, Tensor) else np.array(grad, dtype=output.dtype)
        if tuple(np.shape(v)) != tuple(output.shape):
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(np.shape(v))} "
                               f"and output[{i}] has a shape of {list(output.shape)}.")
        return grad if isinstance(grad, Tensor) else Tensor(v)
    # no grad given: the output must be a scalar
    if output.data.size > 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    return Tensor(np.ones_like(output.data))
