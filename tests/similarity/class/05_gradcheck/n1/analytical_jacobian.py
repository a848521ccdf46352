# source: written for this set
def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.engine import grad

    outputs = _outputs(fn, inputs)
    # the positions of the inputs we can differentiate
    positions = []
    for index in range(len(inputs)):
        if _differentiable(inputs[index]):
            positions.append(index)
    wrt = [inputs[index] for index in positions]

    jacobians = []
    for output in outputs:
        blocks = []
        for index in range(len(inputs)):
            if index in positions:
                blocks.append(np.zeros((output.numel(), inputs[index].numel())))
            else:
                blocks.append(np.zeros((output.numel(), 0)))
        jacobians.append(blocks)

    for output_index in range(len(outputs)):
        output = outputs[output_index]
        if not output.requires_grad:
            # a constant output keeps its zeros
            continue
        for row in range(output.numel()):
            upstream = np.zeros(output.numel(), dtype=output.dtype)
            upstream[row] = 1.0
            upstream = Tensor(upstream.reshape(output.shape))
            gradients = grad(output, wrt, upstream, retain_graph=True, allow_unused=True)
            for k in range(len(positions)):
                if gradients[k] is not None:
                    jacobians[output_index][positions[k]][row, :] = gradients[k].data.flatten()
    return jacobians
