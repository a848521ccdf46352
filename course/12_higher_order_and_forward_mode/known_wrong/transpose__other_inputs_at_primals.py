# visible: fails
# mistake: gives the other inputs their primals' values instead of zeros when probing input k
# why: by linearity L(e, p) = L(e, 0) + L(0, p), so every entry gets an extra <u, L(0, p)>: with nonzero primals the transpose is off by a constant (right only when the primals are zero, or with one input).
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: the basis vector e is 1 at one element of one input and 0 everywhere else: in every input, or only in input k?
def transpose_by_columns(linear_fn: Callable[..., Any], *primals: Any) -> Callable[[Any], tuple[Tensor, ...]]:
    """The transpose u -> L^T u of the linear map linear_fn (inputs shaped like primals)."""
    points = [np.array(_array(p), dtype=float) for p in primals]

    def transposed(cotangents: Any) -> tuple[Tensor, ...]:
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        for k, point in enumerate(points):
            entries = np.zeros(point.size)
            for j in range(point.size):
                args = [p.copy() for p in points]          # the other inputs at their primals
                basis = np.zeros(point.shape)
                basis.reshape(-1)[j] = 1.0
                args[k] = basis
                outputs = linear_fn(*args)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs))
            result.append(Tensor(entries.reshape(point.shape)))
        return tuple(result)

    return transposed
