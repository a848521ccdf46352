# source: written for this set
def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    first_outputs = _outputs(fn, inputs)
    number_of_outputs = len(first_outputs)
    jacobians = []
    for output_index in range(number_of_outputs):
        row_of_blocks = []
        for input_index in range(len(inputs)):
            row_of_blocks.append(np.zeros((first_outputs[output_index].numel(), 0)))
        jacobians.append(row_of_blocks)

    for input_index in range(len(inputs)):
        current_input = inputs[input_index]
        if not _differentiable(current_input):
            continue
        saved_array = current_input.data
        working_array = saved_array.copy()
        current_input.data = working_array
        blocks = []
        for output_index in range(number_of_outputs):
            rows = first_outputs[output_index].numel()
            blocks.append(np.zeros((rows, working_array.size)))
        column = 0
        for element in np.ndindex(working_array.shape):
            kept_value = working_array[element]
            working_array[element] = kept_value + eps
            outputs_plus = _outputs(fn, inputs)
            working_array[element] = kept_value - eps
            outputs_minus = _outputs(fn, inputs)
            working_array[element] = kept_value
            for output_index in range(number_of_outputs):
                plus_values = np.asarray(outputs_plus[output_index].data, dtype=np.float64).flatten()
                minus_values = np.asarray(outputs_minus[output_index].data, dtype=np.float64).flatten()
                blocks[output_index][:, column] = (plus_values - minus_values) / (2 * eps)
            column = column + 1
        # put back the original array, so the input is exactly as before
        current_input.data = saved_array
        for output_index in range(number_of_outputs):
            jacobians[output_index][input_index] = blocks[output_index]
    return jacobians
