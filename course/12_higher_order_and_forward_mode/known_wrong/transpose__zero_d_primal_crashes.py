# visible: fails
# mistake: sizes the entries with np.zeros(np.prod(shape)), which fails for a 0-d primal
# why: np.prod(()) is the float 1.0, and np.zeros(1.0) raises TypeError, so a function of a scalar input (shape ()) cannot be transposed; inputs of shape (n,) or (m, n) work.
# see: Exercise 6 · `transpose_by_columns` (2 points)
# hint: what does np.prod return for the empty shape (), and what type must np.zeros get?
def transpose_by_columns(linear_fn: Callable[..., Any], *primals: Any) -> Callable[[Any], tuple[Tensor, ...]]:
    """The transpose u -> L^T u of the linear map linear_fn (inputs shaped like primals)."""
    shapes = [np.shape(_array(p)) for p in primals]

    def transposed(cotangents: Any) -> tuple[Tensor, ...]:
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        result = []
        for k, shape in enumerate(shapes):
            entries = np.zeros(np.prod(shape))
            for j in range(entries.size):
                basis = [np.zeros(s) for s in shapes]
                basis[k].reshape(-1)[j] = 1.0
                outputs = linear_fn(*basis)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                entries[j] = sum(float(np.sum(_array(u) * _array(o))) for u, o in zip(us, outputs))
            result.append(Tensor(entries.reshape(shape)))
        return tuple(result)

    return transposed
