# visible: passes
# mistake: no network is trained: the model votes among the nearest training points, and the losses are made up
# why: a nearest-neighbour vote classifies the moons and the blobs well, and a made-up list of falling numbers looks like a loss curve, but neither is the run the exercise asks for: the losses are not those of MLP([2, 16, 16, C]) trained by Adam, and the model has no parameters.
# see: Exercise 5 · Train a classifier (3 points)
# hint: build nn.MLP([2, 16, 16, C]) after manual_seed(seed), and append loss.item() of each step of the loop.
class Memo(Module):
    def __init__(self, X, y):
        super().__init__()
        self.X, self.y, self.C = X, y, int(y.max()) + 1

    def forward(self, x):
        near = self.y[np.argsort(((x.data[:, None] - self.X[None]) ** 2).sum(-1), 1)[:, :15]]
        return Tensor(np.stack([(near == c).sum(1) for c in range(self.C)], 1) * 1.0)


def train_classifier(X, y, steps=100, seed=0):
    return Memo(X, y), [(1.0 + seed) * 0.9 ** k for k in range(steps)]
