# visible: fails
# mistake: takes the second derivative with backward() on the detached copy instead of with grad
# why: the caller's x is left alone, but backward adds into the .grad of every leaf it reaches: for f(t) = t * c with a c that requires grad, c.grad becomes 2.0 (and grows at every call), a gradient nobody asked for in a tensor of the caller's.
# see: Exercise 1 · A second derivative (2 points)
# hint: backward() accumulates into every leaf that requires grad, not only into your copy of x: which other tensors of f may be leaves?
def second_derivative(f: Callable[[Tensor], Tensor], x: Tensor) -> Tensor:
    """f'' at every element of x, for an elementwise f (same shape as x)."""
    x = x.detach().requires_grad_()          # a copy: the caller's x is not touched
    (first,) = grad(f(x).sum(), x, create_graph=True)
    if not first.requires_grad:
        return zeros_like(x)
    first.sum().backward()                   # d(sum f')/dx, into the copy's .grad
    return x.grad if x.grad is not None else zeros_like(x)
