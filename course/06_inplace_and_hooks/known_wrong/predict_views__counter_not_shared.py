# visible: fails
# mistake: gives the view a counter of its own
# why: a view and its base share one version counter, so the change through v is counted for b too, and y, which saved b, raises.
# see: Views: one memory, one counter
# hint: if b's version did not move, how could backward through y notice that b changed?
prediction = {
    "b": [1.0, 20.0, 30.0, 4.0],
    "versions": (0, 1),
    "y backward raises": False,
    "x.grad": [1.0, 10.0, 10.0, 1.0],
}
