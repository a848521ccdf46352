# visible: fails
# mistake: mean instead of sum
# why: the gradient of f(x).mean() is f'(x) / n, so every second derivative comes out n times too small.
# see: Exercise 1 · A second derivative (2 points)
# hint: which reduction of f(x) has exactly f'(x) as its gradient?
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    (first,) = grad(f(x).mean(), x, create_graph=True)
    (second,) = grad(first.mean(), x)
    return second
