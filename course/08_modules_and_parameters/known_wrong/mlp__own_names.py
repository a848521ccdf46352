# visible: fails
# mistake: layers under names of their own
# why: fc0, fc1, ... compute the right function, but the keys are not layers.0.weight, ..., so PyTorch's weights cannot be loaded by name.
# see: Containers
# hint: which container names its modules 0, 1, 2, ..., and under which attribute must it live?
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
