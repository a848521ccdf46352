# visible: fails
# Registers each layer under its own attribute (fc0, fc1, ...): it computes the right function,
# but the state_dict keys are not torch's, so torch's weights cannot be loaded by name.
class MLP(Module):
    def __init__(self, sizes, activation=ReLU):
        super().__init__()
        self.count = len(sizes) - 1
        for i, (fan_in, fan_out) in enumerate(zip(sizes[:-1], sizes[1:])):
            setattr(self, f"fc{i}", Linear(fan_in, fan_out))
        self.act = activation()

    def forward(self, x):
        for i in range(self.count):
            x = getattr(self, f"fc{i}")(x)
            if i < self.count - 1:
                x = self.act(x)
        return x
