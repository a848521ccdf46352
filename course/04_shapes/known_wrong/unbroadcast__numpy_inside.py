# visible: fails
# mistake: numpy inside
# why: the numbers are right, but they are computed on grad.data and wrapped in a new Tensor, so the result is cut from the graph and cannot be differentiated.
# see: Exercise 1 · `unbroadcast` (2 points)
# hint: which operations keep a record that backward can follow?
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
