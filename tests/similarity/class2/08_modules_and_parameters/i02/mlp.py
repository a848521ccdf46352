# source: written for this set, a terse student (a loop over the registries, no docstrings)
class MLP(Module):

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        mods = [m for a, b in zip(sizes, sizes[1:]) for m in (Linear(a, b), activation())]
        self.layers = Sequential(*mods[:-1])

    def forward(self, x: Tensor) -> Tensor:
        return self.layers(x)
