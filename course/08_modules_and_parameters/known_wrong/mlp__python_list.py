# visible: fails
# mistake: layers in a plain list
# why: __setattr__ stores a list as a plain attribute, so the model has no registered parameters at all: an optimiser would train nothing.
# see: Containers
# hint: what does __setattr__ do with a list, and which container registers its modules?
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        self.layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            self.layers += [Linear(fan_in, fan_out), activation()]
        self.layers = self.layers[:-1]

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
