# source: tests/unusual_correct/02_function_and_ctx/exp__one_tuple_and_tensor_method.py
class Exp(Function):
    @staticmethod
    def forward(ctx, x):
        with np.errstate(all="ignore"):
            result = Tensor(np.exp(x.data))
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad):
        (result,) = ctx.saved_tensors
        return (result.mul(grad),)
