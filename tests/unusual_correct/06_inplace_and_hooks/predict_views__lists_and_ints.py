# unusual: the predictions written as ints, a tuple for b and a list for the versions
# visible: passes
prediction = {
    "b": (1, 20, 30, 4),
    "versions": [1, 1],
    "y backward raises": True,
    "x.grad": [1, 10, 10, 1],
}
