# copy of n1: rename, recomment
def per_sample_grads(weight: Tensor, bias: Tensor, input: Tensor, target: Tensor) -> tuple[Tensor, Tensor]:
    """Per-sample gradients of l_n = sum_o (y_n[o] - target[n, o])**2, with y_n = input[n] W^T + b.

    weight (out, in), bias (out,), input (N, in), target (N, out)
    -> (grad_weight (N, out, in), grad_bias (N, out)), through FuncLinearFunction, torch.func.grad and vmap.
    """
    def one(w, b, x, t):
        p = FuncLinearFunction.apply(x.reshape(1, -1), w, b)
        e = p.reshape(-1) - t
        return (e * e).sum()

    gf = torch.func.grad(one, argnums=(0, 1))
    vf = torch.func.vmap(gf, in_dims=(None, None, 0, 0))
    gw, gb = vf(weight, bias, input, target)
    return gw, gb
