# visible: fails
# mistake: builds the result from numpy arrays
# why: Tensor(array) has no graph, so under create_graph the gradient cannot be differentiated again (a second derivative through the view is lost).
# see: Exercise 7 · `copy_slices_backward` (2 points)
# hint: which Tensor operations read the window, blank it and add into it?
def copy_slices_backward(grad, fn, index):
    flat = grad.data.reshape(-1).copy()
    results = fn.apply(grad.reshape(-1)[index])
    flat[index.reshape(-1)] = 0.0 if results[0] is None else results[0].data.reshape(-1)
    return (Tensor(flat.reshape(grad.shape)), *results[1:])
