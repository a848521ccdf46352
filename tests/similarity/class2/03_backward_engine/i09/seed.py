# source: written for this set, Kahn's algorithm with a Counter
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    if grad is None:
        if output.numel() == 1:
            return Tensor(np.ones(output.shape, dtype=output.dtype))
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    gt = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
    if gt.shape == output.shape:
        return gt
    gs, os_ = list(gt.shape), list(output.shape)
    raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {gs} and output[{i}] has a shape of {os_}.")
