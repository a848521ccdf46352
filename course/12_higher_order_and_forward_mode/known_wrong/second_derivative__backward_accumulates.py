# visible: fails
# Uses backward twice without clearing x.grad: the result is f' + f'', not f''.
def second_derivative(f, x):
    x = x.detach().requires_grad_()
    f(x).sum().backward(create_graph=True)
    x.grad.sum().backward()
    return x.grad
