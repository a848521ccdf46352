# visible: fails
# mistake: expects the base's gradient to stay that of x * 1
# why: after the change b[1:3] is 10 x[1:3], so db/dx is 10 there: the engine rewrites b's graph (CopySlices) to say so.
# see: In place through a view: the graph is rewritten
# hint: write b after the change as a function of x, element by element.
prediction = {
    "b": [1.0, 20.0, 30.0, 4.0],
    "versions": (1, 1),
    "y backward raises": True,
    "x.grad": [1.0, 1.0, 1.0, 1.0],
}
