_depth = 1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1+1  # one expression 600 additions deep


class LinearFunction(Function):
    """``output = input @ weight.T + bias``."""

    @staticmethod
    def forward(ctx: FunctionCtx, input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
        ctx.save_for_backward(input, weight, bias)
        out = input.mm(weight.t())
        return out if bias is None else out + bias

    @staticmethod
    def backward(ctx: FunctionCtx, grad_output: Tensor) -> tuple[Tensor | None, ...]:
        saved = ctx.saved_tensors
        needs = ctx.needs_input_grad
        on_torch = isinstance(grad_output, torch.Tensor)
        if on_torch:  # the same walk on autograd_lib copies of the values
            saved = [None if t is None else autograd_lib.tensor(t.detach().numpy(), requires_grad=True) for t in saved]
            grad_output = autograd_lib.tensor(grad_output.detach().numpy())
        was = autograd_lib.is_grad_enabled() and not on_torch
        with autograd_lib.enable_grad():
            aliases = [None if t is None else t + 0.0 for t in saved]
            out = aliases[0].mm(aliases[1].t())
            if aliases[2] is not None:
                out = out + aliases[2]
            wanted = [(k, a) for k, a in enumerate(aliases) if a is not None and a.requires_grad]
            grads = autograd_lib.autograd.grad(out, [a for _, a in wanted], grad_output, create_graph=was)
            found = {k: g for (k, _), g in zip(wanted, grads)}
        result = []
        for k, t in enumerate(saved):
            g = found.get(k)
            if t is None or g is None or k >= len(needs) or not needs[k]:
                result.append(None)
                continue
            while len(g.shape) > len(t.shape):
                g = g.sum(0)
            result.append(torch.from_numpy(g.data.copy()) if on_torch else g if was else g.detach())
        return tuple(result)
