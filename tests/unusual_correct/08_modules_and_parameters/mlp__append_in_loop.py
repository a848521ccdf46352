# unusual: starts from an empty Sequential and appends each layer, adding an activation only between layers; forward loops over the layers
# visible: passes
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        self.layers = Sequential()
        count = len(sizes) - 1
        for index in range(count):
            self.layers.append(Linear(sizes[index], sizes[index + 1]))
            if index < count - 1:
                self.layers.append(activation())

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
