# source: written for this set
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        pairs = list(zip(sizes, sizes[1:]))
        mods = [m for i, o in pairs for m in (Linear(i, o), activation())]
        self.layers = Sequential(*mods[:-1])

    def forward(self, x):
        return self.layers(x)
