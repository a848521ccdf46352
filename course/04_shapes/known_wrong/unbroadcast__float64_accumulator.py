# visible: fails
# mistake: sums into a float64 accumulator
# why: the values and shape are right, but the sums are added to al.zeros(shape), which is float64, so a float32 gradient comes back float64.
# see: Exercise 1 · `unbroadcast` (2 points)
# hint: which dtype does the exercise ask the result to have? Which dtype do al.zeros make?
def unbroadcast(grad, shape):
    shape = tuple(shape)
    extra = grad.ndim - len(shape)
    if extra > 0:
        grad = grad.sum(dim=tuple(range(extra)))
    ones = tuple(i for i, n in enumerate(shape) if n == 1 and grad.shape[i] != 1)
    if ones:
        grad = grad.sum(dim=ones, keepdim=True)
    return al.zeros(shape) + grad
