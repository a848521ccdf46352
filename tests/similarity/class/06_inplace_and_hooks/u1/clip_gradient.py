# source: tests/unusual_correct/06_inplace_and_hooks/clip_gradient__callable_class.py
class _Clip:
    def __init__(self, max_norm):
        self.max_norm = max_norm

    def __call__(self, grad):
        norm = np.linalg.norm(grad.data)
        if norm <= self.max_norm:
            return grad
        return Tensor(grad.data * (self.max_norm / norm))


def clip_gradient(tensor, max_norm):
    return tensor.register_hook(_Clip(max_norm))
