# visible: fails
# mistake: returns a bare Tensor for a single primal
# why: torch.func.vjp's function returns a tuple with one gradient per primal, also for one: (g,), not g.
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: what does (ours,) = vjp_fn(u) expect?
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        for k, shape in enumerate(shapes):
            entries = np.zeros(int(np.prod(shape, dtype=np.int64)))
            for j in range(entries.size):
                basis = [np.zeros(s) for s in shapes]
                basis[k].reshape(-1)[j] = 1.0
                outputs = linear_fn(*basis)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs))
            result.append(Tensor(entries.reshape(shape)))
        return result[0] if len(result) == 1 else tuple(result)

    return transposed
