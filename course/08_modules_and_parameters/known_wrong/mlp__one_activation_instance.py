# visible: fails
# mistake: one activation module for every place
# why: activation() is called once and the same module is put between every pair of layers; for ReLU the numbers are right, but a learned activation such as PReLU then shares one parameter across all places, and the model lists it once.
# see: Exercise 3 · An `MLP` (2 points)
# hint: how many times must the factory be called?
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        act = activation()
        layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            layers += [Linear(fan_in, fan_out), act]
        self.layers = Sequential(*layers[:-1])

    def forward(self, x):
        return self.layers(x)
