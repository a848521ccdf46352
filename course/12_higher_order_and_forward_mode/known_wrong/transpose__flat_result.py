# visible: fails
# mistake: returns the entries flat
# why: the transpose maps back to the inputs, so each result has its primal's shape; a (2, 3) input needs a (2, 3) gradient, not (6,).
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: which shape does the gradient of an input have?
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
            result.append(Tensor(entries))
        return tuple(result)

    return transposed
