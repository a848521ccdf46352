"""Issue 23's round 4, a04: chapter 9's ``CrossEntropy`` computed by ``torch.nn.CrossEntropyLoss()``,
a module the static check does not name for it: 3/3 while torch was in the kernel, 0 now."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch.nn.CrossEntropyLoss()"
ANSWERS = {"cross_entropy_function": torch_cross_entropy("_t.nn.CrossEntropyLoss()(x, k)")}
