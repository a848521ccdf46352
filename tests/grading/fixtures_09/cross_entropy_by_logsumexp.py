"""Issue 23's round 4, a08: chapter 9's ``CrossEntropy`` as the mean of ``torch.logsumexp`` of each
row less its target's logit: 3/3 while torch was in the kernel, 0 now."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch.logsumexp"
ANSWERS = {"cross_entropy_function": torch_cross_entropy(
    "(_t.logsumexp(x, 1) - x.gather(1, k.unsqueeze(1)).squeeze(1)).mean()")}
