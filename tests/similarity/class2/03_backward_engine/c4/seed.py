# copy of i04: names changed, the scalar test inverted, the tuple assignment split in two, the message on one line
def _seed(i: int, output: Tensor, grad: Any) -> Tensor:
    """The gradient to start from: ones for a scalar, else the given one (shape checked)."""
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, output.dtype))
    if not isinstance(grad, Tensor):
        grad = Tensor(np.asarray(grad, output.dtype))
    want = list(output.shape)
    have = list(grad.shape)
    if have != want:
        raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {have} and output[{i}] has a shape of {want}.")
    return grad
