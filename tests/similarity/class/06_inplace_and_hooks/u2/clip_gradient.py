# source: tests/unusual_correct/06_inplace_and_hooks/clip_gradient__torch_style_epsilon.py
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        coefficient = max_norm / (norm + 1e-6)
        return grad * coefficient if coefficient < 1.0 else grad

    return tensor.register_hook(hook)
