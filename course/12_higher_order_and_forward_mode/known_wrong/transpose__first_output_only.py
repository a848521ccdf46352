# visible: fails
# mistake: reads only the first output
# why: with several outputs, every output's <u_i, L_i(e)> adds to the entry; keeping the first drops the rest.
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: how many terms does the sum over outputs have?
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents):
        u = cotangents[0] if isinstance(cotangents, tuple) else cotangents
        result = []
        for k, shape in enumerate(shapes):
            entries = np.zeros(int(np.prod(shape, dtype=np.int64)))
            for j in range(entries.size):
                basis = [np.zeros(s) for s in shapes]
                basis[k].reshape(-1)[j] = 1.0
                outputs = linear_fn(*basis)
                first = outputs[0] if isinstance(outputs, tuple) else outputs
                entries[j] = float(np.sum(_array(u) * _array(first)))
            result.append(Tensor(entries.reshape(shape)))
        return tuple(result)

    return transposed
