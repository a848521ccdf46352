# visible: fails
# mistake: only the first output
# why: fn(*inputs)[0] is taken as the output, so a function with two outputs gets one row of blocks instead of two.
# see: Exercise 1 · The numerical Jacobian (2 points)
# hint: how many entries must J have when fn returns a tuple of Tensors? The helper _outputs is there for that.
def numerical_jacobian(fn, inputs, eps=1e-6):
    def first(*args):
        out = fn(*args)
        return out[0] if isinstance(out, tuple | list) else out

    y = first(*inputs)
    row = []
    for x in inputs:
        if not _differentiable(x):
            row.append(np.zeros((y.numel(), 0)))
            continue
        original = x.data
        x.data = original.copy()
        flat = x.data.reshape(-1)
        cols = []
        for c in range(flat.size):
            value = flat[c]
            flat[c] = value + eps
            plus = first(*inputs).data.astype(np.float64).ravel()
            flat[c] = value - eps
            minus = first(*inputs).data.astype(np.float64).ravel()
            flat[c] = value
            cols.append((plus - minus) / (2 * eps))
        x.data = original
        row.append(np.stack(cols, axis=1))
    return [row]
