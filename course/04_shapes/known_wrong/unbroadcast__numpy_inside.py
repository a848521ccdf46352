# visible: passes
# Right numbers computed with numpy, wrapped in a new Tensor: the result is cut from the graph.
def unbroadcast(grad, shape):
    shape = tuple(shape)
    data = grad.data
    extra = data.ndim - len(shape)
    if extra > 0:
        data = data.sum(axis=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and data.shape[i] != 1)
    if ones:
        data = data.sum(axis=ones, keepdims=True)
    return Tensor(data)
