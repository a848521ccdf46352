# heldout: returns the entries flat
def transpose_by_columns(linear_fn, *primals):
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        grads = []
        for k, shape in enumerate(shapes):
            n = int(np.prod(shape))
            values = []
            for j in range(n):
                inputs = [np.zeros(s) for s in shapes]
                inputs[k].flat[j] = 1.0
                outs = linear_fn(*inputs)
                outs = outs if isinstance(outs, tuple) else (outs,)
                values.append(sum(float((_array(u) * _array(o)).sum()) for u, o in zip(us, outs)))
            grads.append(Tensor(np.array(values)))
        return tuple(grads)

    return transposed
