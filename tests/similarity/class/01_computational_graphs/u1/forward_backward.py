# source: tests/unusual_correct/01_computational_graphs/forward_backward__tape.py
def forward_backward(x, y, z):
    values = {"x": x, "y": y, "z": z}
    tape = []

    def record(name, value, parents):
        values[name] = value
        tape.append((name, parents))

    record("a", x * y, [("x", y), ("y", x)])
    record("b", values["a"] + z, [("a", 1.0), ("z", 1.0)])
    record("c", math.exp(x), [("x", math.exp(x))])
    record("f", values["b"] / values["c"], [("b", 1 / values["c"]), ("c", -values["b"] / values["c"] ** 2)])
    grads = {"f": 1.0}
    for name, parents in reversed(tape):
        for parent, local in parents:
            grads[parent] = grads.get(parent, 0.0) + grads[name] * local
    return {k: values[k] for k in "abcf"}, grads
