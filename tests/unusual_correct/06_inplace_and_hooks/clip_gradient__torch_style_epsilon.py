# unusual: PyTorch's clip_grad_norm_ formula, with 1e-6 added to the norm, written with Tensor operations
# visible: passes
def clip_gradient(tensor, max_norm):
    def hook(grad):
        norm = (grad * grad).sum().sqrt().item()
        coefficient = max_norm / (norm + 1e-6)
        return grad * coefficient if coefficient < 1.0 else grad

    return tensor.register_hook(hook)
