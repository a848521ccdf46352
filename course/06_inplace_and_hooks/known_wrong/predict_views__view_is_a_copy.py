# visible: fails
# mistake: takes the view for a copy
# why: b[1:3] is a window onto b's memory, not a new tensor: v.mul_(10) changes b, moves b's version and b's gradient.
# see: Views: one memory, one counter
# hint: which memory does v.mul_ write into?
prediction = {
    "b": [1.0, 2.0, 3.0, 4.0],
    "versions": (0, 1),
    "y backward raises": False,
    "x.grad": [1.0, 1.0, 1.0, 1.0],
}
