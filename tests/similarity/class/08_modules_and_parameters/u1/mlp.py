# source: tests/unusual_correct/08_modules_and_parameters/mlp__append_in_loop.py
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
