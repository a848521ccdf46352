# source: tests/unusual_correct/11_reading_old_code/check_linear_gradients__catches_gradcheck_error.py
from torch.autograd.gradcheck import GradcheckError


def check_linear_gradients(function, batch=4, in_features=3, out_features=2):
    shapes = [(batch, in_features), (out_features, in_features), (out_features,)]
    tensors = tuple((torch.rand(*shape) * 4 - 2).double().requires_grad_() for shape in shapes)
    try:
        return torch.autograd.gradcheck(lambda *args: function.apply(*args), tensors, eps=1e-6, atol=1e-4)
    except GradcheckError:
        return False
