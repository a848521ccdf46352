# Wrong: activation() is called once and the same module is placed between every pair of layers.
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        act = activation()
        modules = []
        for k, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
            if k > 0:
                modules.append(act)
            modules.append(Linear(a, b))
        self.layers = Sequential(*modules)

    def forward(self, x):
        return self.layers(x)
