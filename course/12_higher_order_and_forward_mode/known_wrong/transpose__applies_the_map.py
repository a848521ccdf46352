# visible: fails
# mistake: applies the map to u instead of transposing it
# why: L(u) takes an input of the wrong size: L^T u needs the columns L(e_j) read against u, <u, L(e_j)>.
# see: Transpose
# hint: what does <L^T u, e_j> equal, by the defining identity?
def transpose_by_columns(linear_fn, *primals):
    def transposed(cotangents):
        us = cotangents if isinstance(cotangents, tuple) else (cotangents,)
        outputs = linear_fn(*[_array(u) for u in us])
        outputs = outputs if isinstance(outputs, tuple) else (outputs,)
        return tuple(Tensor(_array(o)) for o in outputs)

    return transposed
