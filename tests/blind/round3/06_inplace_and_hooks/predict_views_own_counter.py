# Wrong: predicts that the view has its own counter (base stays at 0), so y's backward would not raise.
prediction = {
    "b": [1.0, 20.0, 30.0, 4.0],
    "versions": (0, 1),
    "y backward raises": False,
    "x.grad": [1.0, 10.0, 10.0, 1.0],
}
