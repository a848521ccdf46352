# visible: fails
# mistake: reuses the basis vector without clearing it
# why: the 1 of element j stays when element j + 1 is set, so column j + 1 reads L(e_0 + ... + e_j+1), a running sum.
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: what must the basis vector look like at each call?
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        basis = [np.zeros(s) for s in shapes]
        for k, shape in enumerate(shapes):
            entries = np.zeros(int(np.prod(shape, dtype=np.int64)))
            for j in range(entries.size):
                basis[k].reshape(-1)[j] = 1.0
                outputs = linear_fn(*basis)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs))
            result.append(Tensor(entries.reshape(shape)))
        return tuple(result)

    return transposed
