# source: written for this set
def unbroadcast(grad, shape):
    n = grad.ndim - len(shape)
    g = grad.sum(dim=tuple(range(n))) if n else grad
    dims = tuple(i for i in range(len(shape)) if shape[i] == 1 != g.shape[i])
    return g.sum(dim=dims, keepdim=True) if dims else g
