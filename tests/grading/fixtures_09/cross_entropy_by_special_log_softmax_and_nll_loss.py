"""Issue 23's round 4, a07: chapter 9's ``CrossEntropy`` as ``nll_loss`` of
``torch.special.log_softmax``, names the static check does not list for it: 3/3 while torch was in
the kernel, 0 now."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch.special.log_softmax + nll_loss"
ANSWERS = {"cross_entropy_function": torch_cross_entropy(
    "_t.nn.functional.nll_loss(_t.special.log_softmax(x, 1), k)")}
