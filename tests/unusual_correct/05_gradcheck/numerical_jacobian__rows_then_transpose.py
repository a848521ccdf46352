# unusual: perturbs x.data in place through np.nditer indices (in row-major order, order="C": nditer's default, memory order, would put the columns of a column-major input in the wrong places; "zerosize_ok" lets an input with no elements through) and writes the saved value back; collects each column as a row, then transposes
# visible: passes
def numerical_jacobian(fn, inputs, eps=1e-6):
    outs = _outputs(fn, inputs)
    result = []
    for i, y in enumerate(outs):
        result.append([])
    for j, x in enumerate(inputs):
        rows = [[] for _ in outs]
        if _differentiable(x):
            it = np.nditer(x.data, flags=["multi_index", "zerosize_ok"], order="C")
            for _ in it:
                index = it.multi_index
                saved = x.data[index].copy()
                x.data[index] = saved + eps
                plus = _outputs(fn, inputs)
                plus = [y.data.astype(np.float64).flatten() for y in plus]
                x.data[index] = saved - eps
                minus = [y.data.astype(np.float64).flatten() for y in _outputs(fn, inputs)]
                x.data[index] = saved
                for i in range(len(outs)):
                    rows[i].append((plus[i] - minus[i]) / (2 * eps))
        for i, y in enumerate(outs):
            block = np.array(rows[i], dtype=np.float64).reshape(len(rows[i]), y.numel()).T
            result[i].append(np.ascontiguousarray(block))
    return result
