# visible: passes
# Always uses ReLU, whatever activation was asked for.
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            layers += [Linear(fan_in, fan_out), ReLU()]
        self.layers = Sequential(*layers[:-1])

    def forward(self, x):
        return self.layers(x)
