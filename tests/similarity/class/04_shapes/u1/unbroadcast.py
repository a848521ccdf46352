# source: tests/unusual_correct/04_shapes/unbroadcast__one_axis_at_a_time.py
def unbroadcast(grad, shape):
    while grad.ndim > len(shape):
        grad = grad.sum(dim=0)
    for i, n in enumerate(shape):
        if n == 1 and grad.shape[i] != 1:
            grad = grad.sum(dim=i, keepdim=True)
    return grad
