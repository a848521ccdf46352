# source: tests/unusual_correct/08_modules_and_parameters/mlp__list_then_add_module.py
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        pieces = []
        for fan_in, fan_out in zip(sizes, sizes[1:]):
            pieces.append(Linear(fan_in, fan_out))
            pieces.append(activation())
        self.add_module("layers", Sequential(*pieces)[:-1])

    def forward(self, x):
        return self.layers(x)
