# heldout: takes the view for a copy
prediction = {"b": [1, 2, 3, 4], "versions": (0, 1), "y backward raises": False, "x.grad": [1, 1, 1, 1]}
