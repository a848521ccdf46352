# visible: fails
# mistake: puts every basis vector into the first input
# why: the basis vectors of input k must be zero in every other input; filling input 0 instead reads the wrong columns.
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: which input does element j of input k belong to?
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        for k, shape in enumerate(shapes):
            entries = np.zeros(int(np.prod(shape, dtype=np.int64)))
            for j in range(entries.size):
                basis = [np.zeros(s) for s in shapes]
                flat = basis[0].reshape(-1)
                flat[j % flat.size] = 1.0
                outputs = linear_fn(*basis)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs))
            result.append(Tensor(entries.reshape(shape)))
        return tuple(result)

    return transposed
