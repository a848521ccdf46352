# source: written for this set, a student who writes guard clauses
class MLP(Module):

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        layers = []
        for i, (fan_in, fan_out) in enumerate(zip(sizes, sizes[1:])):
            if i > 0:
                layers.append(activation())
            layers.append(Linear(fan_in, fan_out))
        self.layers = Sequential(*layers)

    def forward(self, x: Tensor) -> Tensor:
        return self.layers(x)
