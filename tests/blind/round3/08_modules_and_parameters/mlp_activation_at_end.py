# Wrong: an activation follows every Linear, the last one too, so the logits are squashed.
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        modules = []
        for a, b in zip(sizes[:-1], sizes[1:]):
            modules += [Linear(a, b), activation()]
        self.layers = Sequential(*modules)

    def forward(self, x):
        return self.layers(x)
