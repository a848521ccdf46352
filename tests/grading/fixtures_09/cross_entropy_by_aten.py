"""Issue 23's round 4, a05: chapter 9's ``CrossEntropy`` computed by torch's operator
``torch.ops.aten.cross_entropy_loss`` (mean reduction): 3/3 while torch was in the kernel, 0 now."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch.ops.aten.cross_entropy_loss"
ANSWERS = {"cross_entropy_function": torch_cross_entropy("_t.ops.aten.cross_entropy_loss(x, k)")}
