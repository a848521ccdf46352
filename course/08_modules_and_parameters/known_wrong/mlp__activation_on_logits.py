# visible: passes
# Keeps the activation after the last layer: a ReLU on the logits cuts every negative score to 0.
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            layers += [Linear(fan_in, fan_out), activation()]
        self.layers = Sequential(*layers)

    def forward(self, x):
        return self.layers(x)
