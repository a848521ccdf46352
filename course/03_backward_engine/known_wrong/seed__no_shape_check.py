# visible: fails
# mistake: no shape check
# why: a gradient of the wrong shape is passed on, and broadcasting later spreads it silently over the graph.
# see: Where the backward pass starts
# hint: what must be true of g in v.backward(g), and what should happen when it is not?
def _seed(i, output, grad):
    if grad is None:
        if output.numel() != 1:
            raise RuntimeError("grad can be implicitly created only for scalar outputs")
        return Tensor(np.ones(output.shape, dtype=output.dtype))
    return grad if isinstance(grad, Tensor) else Tensor(np.asarray(grad, dtype=output.dtype))
