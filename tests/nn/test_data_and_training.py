"""The 2-D datasets, and an MLP trained on moons with the pictures of the run."""

import time

import matplotlib.pyplot as plt
import numpy as np
import pytest

import autograd_lib as al
from autograd_lib import data, nn, optim, training


@pytest.mark.parametrize("make", [data.make_moons, data.make_circles, data.make_spirals])
@pytest.mark.parametrize("n", [1, 7, 100])
def test_datasets_have_the_documented_shapes_and_are_seeded(make, n):
    X, y = make(n, noise=0.1)
    assert X.shape == (n, 2) and y.shape == (n,)
    assert X.dtype == np.float64 and y.dtype == np.int64
    X2, y2 = make(n, noise=0.1)
    np.testing.assert_array_equal(X, X2)
    np.testing.assert_array_equal(y, y2)
    if n >= 7:
        assert not np.array_equal(X, make(n, noise=0.1, random_state=1)[0])


def test_moons_and_circles_without_noise_lie_on_their_curves():
    X, y = data.make_moons(50, shuffle=False)
    assert np.allclose(np.hypot(X[y == 0, 0], X[y == 0, 1]), 1)
    assert np.allclose(np.hypot(X[y == 1, 0] - 1, X[y == 1, 1] - 0.5), 1)
    X, y = data.make_circles(40, factor=0.5)
    radius = np.hypot(X[:, 0], X[:, 1])
    assert np.allclose(radius[y == 0], 1) and np.allclose(radius[y == 1], 0.5)
    assert np.bincount(y).tolist() == [20, 20]
    assert np.bincount(data.make_spirals(10, n_classes=3)[1]).tolist() == [4, 3, 3]


def test_mlp_reaches_97_percent_on_moons_within_seconds():
    al.manual_seed(0)
    X, y = data.make_moons(200, noise=0.1)
    model = nn.MLP([2, 16, 16, 2])
    start = time.perf_counter()
    losses = training.fit(model, X, y, optim.Adam(model.parameters(), lr=0.02), steps=200)
    elapsed = time.perf_counter() - start
    acc = training.accuracy(model, X, y)
    assert acc >= 0.97, f"training accuracy {acc:.3f} after 200 Adam steps (loss {losses[-1]:.4f})"
    assert elapsed < 5, f"200 training steps took {elapsed:.1f} s"
    assert losses[-1] < losses[0] / 5


def test_sgd_with_momentum_also_learns_moons_with_minibatches():
    al.manual_seed(1)
    X, y = data.make_moons(200, noise=0.1)
    model = nn.MLP([2, 32, 2], activation=nn.Tanh)
    training.fit(model, X, y, optim.SGD(model.parameters(), lr=0.1, momentum=0.9), steps=400, batch_size=64)
    assert training.accuracy(model, X, y) >= 0.97


def test_plot_training_draws_loss_boundary_and_gradient_flow():
    al.manual_seed(0)
    X, y = data.make_moons(60, noise=0.1)
    model = nn.MLP([2, 8, 2])
    losses = training.fit(model, X, y, optim.Adam(model.parameters(), lr=0.05), steps=20)
    axes = training.plot_training(model, X, y, losses)
    titles = [ax.get_title() for ax in axes]
    assert titles == ["Training loss", "Decision boundary", "Gradient flow"]
    assert [t.get_text() for t in axes[2].get_xticklabels()] == [n for n, _ in model.named_parameters()]
    plt.close("all")
