# copy of solution: docstrings dropped, the loop turned into a comprehension, the pairs zipped by index
class MLP(Module):

    def __init__(self, sizes: Sequence[int], activation: Callable[[], Module] = ReLU) -> None:
        super().__init__()
        parts = [m for i in range(len(sizes) - 1) for m in (Linear(sizes[i], sizes[i + 1]), activation())]
        self.layers = Sequential(*parts[:-1])

    def forward(self, x: Tensor) -> Tensor:
        return self.layers(x)
