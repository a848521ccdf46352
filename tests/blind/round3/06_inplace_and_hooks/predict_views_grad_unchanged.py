# Wrong: predicts x.grad of ones, as if the change through the view did not enter b's graph.
prediction = {
    "b": [1.0, 20.0, 30.0, 4.0],
    "versions": (1, 1),
    "y backward raises": True,
    "x.grad": [1.0, 1.0, 1.0, 1.0],
}
