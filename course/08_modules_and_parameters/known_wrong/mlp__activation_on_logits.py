# visible: fails
# mistake: an activation after the last layer
# why: a ReLU after the last Linear cuts every negative logit to 0; the keys do not change, because a ReLU has no parameters.
# see: Exercise 3 · An `MLP` (2 points)
# hint: after which layer must there be no activation, and why?
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            layers += [Linear(fan_in, fan_out), activation()]
        self.layers = Sequential(*layers)

    def forward(self, x):
        return self.layers(x)
