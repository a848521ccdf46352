# visible: fails
# mistake: reverse mode instead
# why: the Jacobian is built row by row with grad, so its values are right but func never runs on a Dual.
# see: Forward or reverse? It depends on the shape of the Jacobian
# hint: which pass gives a column of J: a JVP or a backward pass?
def jacobian_forward(func, x):
    x = x.detach().requires_grad_()
    y = func(x)
    flat = y.reshape(-1)
    rows = []
    for i in range(flat.shape[0]):
        seed = np.zeros(flat.shape[0])
        seed[i] = 1.0
        (row,) = grad(flat, x, grad_outputs=autograd_lib.tensor(seed), retain_graph=True)
        rows.append(row.data)
    return Tensor(np.stack(rows).reshape(tuple(y.shape) + (x.shape[0],)))
