"""Chapter 9's solution (its cells use no torch): the control of the torch routes, full marks,
CrossEntropy's 3 points included."""
BASE = "perfect"
