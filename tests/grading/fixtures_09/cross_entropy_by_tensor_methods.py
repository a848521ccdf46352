"""Issue 23's a29b: chapter 9's ``CrossEntropy`` by torch's tensor methods only
(``x.log_softmax(1).gather(...)``), no torch function named: 3/3 while torch was in the kernel,
0 now (``test_torch_detours.py`` rehearses the same in-process)."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch tensor methods"
ANSWERS = {"cross_entropy_function": torch_cross_entropy("-x.log_softmax(1).gather(1, k.unsqueeze(1)).mean()")}
