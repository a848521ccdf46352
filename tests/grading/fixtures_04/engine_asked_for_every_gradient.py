"""Every answer of chapter 4 builds its forward from ordinary library operations and asks the
library's engine for the gradient: ``unbroadcast`` differentiates ``x + zeros(grad.shape)`` with
respect to a leaf ``x`` of ``shape``; ``Sum.backward``, ``Transpose.backward`` and
``MatMul.backward`` rebuild their op on fresh leaves and differentiate it. No gradient formula
anywhere, and no name the static check knows. The engine runs the library's kept ``unbroadcast``
and the kept backward of ``Sum``, ``Transpose``/``Permute`` and ``MatMul``; while each exercise is
judged those run the student's own answer, which then asks the engine again and comes back to
itself: every exercise scores 0, with or without the static check."""
FAMILY = "the library's engine asked for the gradient the exercise writes"
BASE = "untouched"
ANSWERS = {"unbroadcast": '''
def unbroadcast(grad, shape):
    leaf = al.zeros(tuple(shape), dtype=grad.dtype, requires_grad=True)
    with al.enable_grad():
        out = leaf + al.zeros(grad.shape, dtype=grad.dtype)
        (found,) = al.autograd.grad(out, (leaf,), grad, create_graph=al.is_grad_enabled())
    return found
''', "sum_backward": '''
class Sum(Function):
    @staticmethod
    def forward(ctx, x, dim=None, keepdim=False):
        ctx.shape, ctx.dim = x.shape, _axis(dim)
        return np.sum(x.data, axis=ctx.dim, keepdims=keepdim)

    @staticmethod
    def backward(ctx, grad):
        leaf = al.zeros(ctx.shape, dtype=grad.dtype, requires_grad=True)
        with al.enable_grad():
            out = leaf.sum(dim=ctx.dim, keepdim=grad.ndim == len(ctx.shape))
            (found,) = al.autograd.grad(out, (leaf,), grad, create_graph=al.is_grad_enabled())
        return found, None, None
''', "transpose_backward": '''
class Transpose(Function):
    @staticmethod
    def forward(ctx, x, dim0, dim1):
        ctx.dims = (dim0, dim1)
        return np.swapaxes(x.data, dim0, dim1)

    @staticmethod
    def backward(ctx, grad):
        leaf = al.zeros(grad.shape, dtype=grad.dtype).transpose(*ctx.dims).detach().requires_grad_(True)
        with al.enable_grad():
            out = leaf.transpose(*ctx.dims)
            (found,) = al.autograd.grad(out, (leaf,), grad, create_graph=al.is_grad_enabled())
        return found, None, None
''', "matmul_backward": '''
class MatMul(Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.matmul(a.data, b.data)

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        keep = al.is_grad_enabled()
        pick = [t if keep else t.detach().requires_grad_(True) for t in (a, b)]
        with al.enable_grad():
            pick = [t if t.requires_grad else t.detach().requires_grad_(True) for t in pick]
            found = al.autograd.grad(pick[0] @ pick[1], tuple(pick), grad, create_graph=keep)
        return tuple(g if need else None for g, need in zip(found, ctx.needs_input_grad))
'''}
EXPECT = {"score": 0}
