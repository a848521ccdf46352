# source: written for this set, Kahn's algorithm over dependency counts
def _seed(i, output, grad):
    if grad is not None:
        g = grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
        if g.shape != output.shape:
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of {list(g.shape)} and output[{i}] has a shape of {list(output.shape)}.")
        return g
    if output.numel() != 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    return Tensor(np.ones_like(output.data))
