# visible: fails
# mistake: backward twice into one .grad
# why: the second backward adds to the .grad of the first, so the result is f' + f'', not f''.
# see: Exercise 1 · A second derivative (2 points)
# hint: which function gives a gradient without writing into .grad?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    f(x).sum().backward(create_graph=True)
    x.grad.sum().backward()
    return x.grad
