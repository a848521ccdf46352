# visible: fails
# mistake: always ReLU
# why: the activation argument is never used, so MLP(sizes, Tanh) computes a ReLU network.
# see: Exercise 3 · An `MLP` (2 points)
# hint: where does the activation argument go?
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            layers += [Linear(fan_in, fan_out), ReLU()]
        self.layers = Sequential(*layers[:-1])

    def forward(self, x):
        return self.layers(x)
