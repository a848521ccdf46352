"""Chapter 9's solution, its given cells without torch: the control of the torch routes (full marks,
CrossEntropy's 3 points included)."""
from support.without_torch import without_torch_cells

BASE = "perfect"
TRANSFORM = without_torch_cells
