# unusual: builds the whole matrix of L column by column, then multiplies its transpose with u
# visible: passes
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]
    sizes = [int(np.prod(s, dtype=np.int64)) for s in shapes]

    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        u = np.concatenate([_array(v).reshape(-1) for v in us])
        columns = []
        for k in range(len(shapes)):
            for j in range(sizes[k]):
                inputs = [np.zeros(s) for s in shapes]
                inputs[k].reshape(-1)[j] = 1.0
                out = linear_fn(*inputs)
                out = out if isinstance(out, tuple) else (out,)
                columns.append(np.concatenate([_array(o).reshape(-1) for o in out]))
        matrix = np.stack(columns, axis=1)
        flat = matrix.T @ u
        pieces = np.split(flat, np.cumsum(sizes)[:-1])
        return tuple(Tensor(p.reshape(s)) for p, s in zip(pieces, shapes))

    return transposed
