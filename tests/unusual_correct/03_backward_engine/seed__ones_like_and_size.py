# unusual: np.ones_like on the output's data, the element count from data.size, and every gradient copied into a new Tensor
# visible: passes
def _seed(i, output, grad):
    if grad is None:
        if output.data.size != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones_like(output.data))
    values = grad.data if isinstance(grad, Tensor) else np.array(grad, dtype=output.dtype)
    if tuple(np.shape(values)) != tuple(output.shape):
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(np.shape(values))} "
                           f"and output[{i}] has a shape of {list(output.shape)}.")
    return grad if isinstance(grad, Tensor) else Tensor(values)
