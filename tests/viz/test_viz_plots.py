"""The other plots: calculus, Jacobians, training, broadcasting."""

from __future__ import annotations

import math

import matplotlib.pyplot as plt
import numpy as np
import pytest
import torch

from autograd_lib import viz


class Param:
    """An autograd_lib-shaped parameter: ``.grad.data`` is the array."""

    def __init__(self, grad):
        self.grad = None if grad is None else type("G", (), {"data": np.asarray(grad)})()


X2 = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
Y2 = np.array([0, 1, 1, 0])

SINGLE_AXES_PLOTS = {
    "function_and_derivative": lambda ax: viz.plot_function_and_derivative(np.sin, np.cos, ax=ax),
    "function_and_fd_derivative": lambda ax: viz.plot_function_and_derivative(math.sin, None, ax=ax, num=50),
    "fd_error": lambda ax: viz.plot_fd_error(np.exp, np.exp, 1.0, ax=ax),
    "loss_curve": lambda ax: viz.plot_loss_curve([1.0, 0.5, 0.25], ax=ax, label="sgd"),
    "decision_boundary": lambda ax: viz.plot_decision_boundary(
        lambda p: (p[:, 0] > 0.5).astype(int), X2, Y2, ax=ax, resolution=30
    ),
    "gradient_flow": lambda ax: viz.plot_gradient_flow([("w", Param([1.0, -2.0])), ("b", Param(None))], ax=ax),
    "broadcast_gradient": lambda ax: viz.plot_broadcast_gradient((1, 4), (3, 4), ax=ax),
}


@pytest.mark.parametrize("name", sorted(SINGLE_AXES_PLOTS))
def test_plot_renders_to_png_with_title_and_axis_labels(name, tmp_path):
    ax = SINGLE_AXES_PLOTS[name](None)
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    ax.figure.savefig(tmp_path / f"{name}.png")
    assert (tmp_path / f"{name}.png").stat().st_size > 0


@pytest.mark.parametrize("name", sorted(SINGLE_AXES_PLOTS))
def test_plot_draws_into_the_given_axes_and_returns_it(name):
    _, ax = plt.subplots()
    assert SINGLE_AXES_PLOTS[name](ax) is ax


def test_derivative_curve_is_the_given_derivative():
    ax = viz.plot_function_and_derivative(np.sin, np.cos, x_range=(0, 1), num=11)
    f_line, df_line = ax.get_lines()[:2]
    assert np.allclose(df_line.get_ydata(), np.cos(np.linspace(0, 1, 11)))
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["f(x)", "f'(x)"]


def test_missing_derivative_is_estimated_by_central_differences():
    ax = viz.plot_function_and_derivative(math.sin, None, x_range=(0, 1), num=11)
    assert np.allclose(ax.get_lines()[1].get_ydata(), np.cos(np.linspace(0, 1, 11)), atol=1e-8)


def test_fd_error_has_a_v_shape_with_the_best_step_in_the_middle():
    ax = viz.plot_fd_error(np.exp, np.exp, 1.0, methods=("forward", "central"))
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    curves = [ln for ln in ax.get_lines() if "difference" in (ln.get_label() or "")]
    bests = {}
    for line in curves:
        h, err = line.get_xdata(), line.get_ydata()
        best = int(np.nanargmin(err))
        assert err[0] > 100 * err[best] and err[-1] > 100 * err[best]  # the V
        bests[line.get_label()] = h[best]
    assert 1e-10 <= bests["forward difference"] <= 1e-6
    assert 1e-7 <= bests["central difference"] <= 1e-3
    assert sum("best" in (ln.get_label() or "") for ln in ax.get_lines()) == 2
    assert any("1/h" in t.get_text() for t in ax.texts)


def test_fd_error_rejects_an_unknown_method():
    with pytest.raises(ValueError, match="method"):
        viz.plot_fd_error(np.exp, np.exp, 1.0, methods=("sideways",))


def test_jacobians_share_a_colour_scale_and_show_the_difference(tmp_path):
    ana = np.arange(6.0).reshape(2, 3)
    num = ana.copy()
    num[1, 2] += 0.5
    axes = viz.plot_jacobians(num, torch.tensor(ana))
    assert len(axes) == 3
    ims = [ax.get_images()[0] for ax in axes]
    assert ims[0].get_clim() == ims[1].get_clim()
    assert np.allclose(ims[2].get_array(), np.abs(num - ana))
    assert "(1, 2)" in axes[2].get_title()
    for ax in axes:
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    axes[0].figure.savefig(tmp_path / "jac.png")
    assert (tmp_path / "jac.png").stat().st_size > 0


def test_the_worst_cell_is_named_in_english_by_default_and_in_a_chapters_words():
    num, ana = np.zeros((2, 3)), np.zeros((2, 3))
    num[1, 2] = 0.5
    assert viz.plot_jacobians(num, ana)[2].get_title() == "|difference| (max 0.5 at (1, 2))"
    axes = viz.plot_jacobians(num, ana, titles=("数值", "解析", "|差|"),
                              worst="{title}（最大 {max:.2g}，在 {index} 处）")
    assert axes[2].get_title() == "|差|（最大 0.5，在 (1, 2) 处）"


def test_jacobians_draw_into_three_given_axes_or_split_one():
    _, given = plt.subplots(1, 3)
    assert list(viz.plot_jacobians(np.eye(2), np.eye(2), ax=given)) == list(given)
    _, one = plt.subplots()
    assert len(viz.plot_jacobians(np.eye(2), np.eye(2), ax=one)) == 3


def test_jacobians_of_different_shapes_are_an_error():
    with pytest.raises(ValueError, match="shapes differ"):
        viz.plot_jacobians(np.eye(2), np.eye(3))


def test_loss_curve_accepts_tensors_and_log_scale():
    ax = viz.plot_loss_curve([torch.tensor(1.0), torch.tensor(0.1)], log=True)
    assert ax.get_yscale() == "log"
    assert list(ax.get_lines()[0].get_ydata()) == pytest.approx([1.0, 0.1])


@pytest.mark.parametrize("kind", ["indices", "scores", "probability", "tensor"])
def test_decision_boundary_accepts_every_kind_of_prediction(kind):
    def predict(p):
        score = p[:, 0] - 0.5
        if kind == "indices":
            return (score > 0).astype(int)
        if kind == "scores":
            return np.column_stack([-score, score])
        if kind == "probability":
            return 1 / (1 + np.exp(-4 * score))
        return torch.tensor(np.column_stack([-score, score]))

    ax = viz.plot_decision_boundary(predict, X2, Y2, resolution=20)
    assert len(ax.collections) >= 3  # filled regions and one scatter per class


def test_gradient_flow_reads_torch_modules_and_marks_missing_grads():
    net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(3, 1))
    net(torch.ones(1, 2)).sum().backward()
    net[0].bias.grad = None
    ax = viz.plot_gradient_flow(net, log=False)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0.weight", "0.bias", "1.weight", "1.bias"]
    assert any(t.get_text() == "no grad" for t in ax.texts)
    means = [p.get_height() for p in ax.patches[4:]]
    assert means[2] == pytest.approx(float(net[1].weight.grad.abs().mean()))


def test_decision_boundary_and_gradient_flow_speak_the_words_they_are_given():
    ax = viz.plot_decision_boundary(lambda p: (p[:, 0] > 0.5).astype(int), X2, Y2, resolution=20,
                                    class_label="类别 {c}")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["类别 0", "类别 1"]
    net = torch.nn.Sequential(torch.nn.Linear(2, 1))
    net(torch.ones(1, 2)).sum().backward()
    net[0].bias.grad = None
    ax = viz.plot_gradient_flow(net, mean_label="平均 |grad|", max_label="最大 |grad|", no_grad="没有梯度",
                                xlabel="参数")
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["最大 |grad|", "平均 |grad|"]
    assert ax.get_xlabel() == "参数" and [t.get_text() for t in ax.texts] == ["没有梯度"]


def test_broadcast_gradient_counts_the_cells_summed_into_each_input_cell():
    ax = viz.plot_broadcast_gradient((3, 1), (2, 3, 4))
    sums = [t.get_text() for t in ax.texts if t.get_text().startswith("sum")]
    assert sums == ["sum\nof 8"] * 3
    assert any("grad.sum(axis=(0,)).sum(axis=(1,), keepdims=True)" == t.get_text() for t in ax.texts)


def test_broadcast_gradient_speaks_the_words_it_is_given():
    ax = viz.plot_broadcast_gradient((3, 1), (2, 3, 4), sum_of="{n} 个之和", xlabel="最后一个轴", ylabel="行",
                                     title="{output} 加回 {input}")
    assert [t.get_text() for t in ax.texts if t.get_text().endswith("之和")] == ["8 个之和"] * 3
    assert (ax.get_xlabel(), ax.get_ylabel(), ax.get_title()) == ("最后一个轴", "行", "(2, 3, 4) 加回 (3, 1)")


@pytest.mark.parametrize(
    ("inp", "out", "rule"),
    [
        ((4,), (3, 4), "grad.sum(axis=(0,))"),
        ((3, 4), (3, 4), "grad"),
        ((), (2,), "grad.sum(axis=(0,))"),
        ((1, 1), (2, 2), "grad.sum(axis=(0, 1), keepdims=True)"),
    ],
)
def test_sum_rule_names_the_numpy_reduction(inp, out, rule):
    assert viz.sum_rule(inp, out) == rule


def test_shapes_that_do_not_broadcast_are_an_error():
    with pytest.raises(ValueError, match="does not broadcast"):
        viz.plot_broadcast_gradient((2, 3), (3, 3))
