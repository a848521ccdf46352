"""Plots for chapter 9 (training): loss curves, decision boundaries, gradient flow."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap

from ._common import new_axes, to_numpy


def _as_float(v: Any) -> float:
    item = getattr(v, "item", None)
    return float(item()) if callable(item) else float(v)


def plot_loss_curve(
    losses: Iterable[Any],
    ax: Axes | None = None,
    *,
    label: str | None = None,
    log: bool = False,
    xlabel: str = "step",
    ylabel: str = "loss",
    title: str = "Training loss",
) -> Axes:
    """Loss against training step (floats, numpy scalars or 0-d tensors).

    Call it twice on one Axes with two labels to compare runs (e.g. autograd_lib vs torch);
    ``log=True`` uses a log y axis. ``xlabel``, ``ylabel`` and ``title`` are the picture's words:
    a translated chapter passes its own. Returns the Axes.
    """
    ax = new_axes(ax)
    values = np.array([_as_float(v) for v in losses])
    ax.plot(np.arange(len(values)), values, label=label, linewidth=1.5)
    if log:
        ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    if label is not None:
        ax.legend()
    return ax


def _classes_of(pred: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Class index per point, and P(class 1) when ``pred`` is a binary probability."""
    pred = np.asarray(pred)
    if pred.ndim == 2 and pred.shape[1] > 1:
        return pred.argmax(axis=1), None
    pred = pred.reshape(-1)
    if np.issubdtype(pred.dtype, np.integer) or np.all(pred == np.round(pred)):
        return pred.astype(int), None
    return (pred >= 0.5).astype(int), pred.astype(float)


def plot_decision_boundary(
    predict: Callable[[np.ndarray], Any],
    X: Any,
    y: Any,
    ax: Axes | None = None,
    resolution: int = 200,
    padding: float = 0.5,
    *,
    class_label: str = "class {c}",
    xlabel: str = "x1",
    ylabel: str = "x2",
    title: str = "Decision boundary",
) -> Axes:
    """Regions of the plane by predicted class, with the data points on top.

    ``predict`` maps an ``(N, 2)`` numpy array to class indices ``(N,)``, class scores or
    probabilities ``(N, C)`` (argmax is taken), or ``P(class 1)`` ``(N,)`` (then the 0.5
    contour is drawn). It may return a numpy array or a tensor. The grid spans the data
    plus ``padding`` with ``resolution`` points per side. ``class_label`` (with ``{c}`` the
    class) names each class in the legend; ``xlabel``, ``ylabel`` and ``title`` are the axes' and
    the picture's words: a translated chapter passes its own. Returns the Axes.
    """
    ax = new_axes(ax, (5.5, 5.0))
    X = np.asarray(to_numpy(X), dtype=float)
    y = np.asarray(to_numpy(y)).reshape(-1).astype(int)
    lo, hi = X.min(axis=0) - padding, X.max(axis=0) + padding
    gx, gy = np.meshgrid(np.linspace(lo[0], hi[0], resolution), np.linspace(lo[1], hi[1], resolution))
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    classes, prob = _classes_of(to_numpy(predict(grid)))
    n_classes = int(max(classes.max(initial=0), y.max(initial=0)) + 1)
    colours = [f"C{i % 10}" for i in range(n_classes)]
    cmap = ListedColormap(colours)
    ax.contourf(gx, gy, classes.reshape(gx.shape), levels=np.arange(n_classes + 1) - 0.5, cmap=cmap, alpha=0.25)
    if prob is not None:
        ax.contour(gx, gy, prob.reshape(gx.shape), levels=[0.5], colors="black", linewidths=1.2)
    for c in range(n_classes):
        mask = y == c
        if mask.any():
            ax.scatter(
                X[mask, 0],
                X[mask, 1],
                s=18,
                color=colours[c],
                edgecolors="black",
                linewidths=0.5,
                label=class_label.format(c=c),
            )
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[1])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="best", fontsize=8)
    return ax


def _named_parameters(obj: Any) -> list[tuple[str, Any]]:
    """(name, parameter) pairs from a Module, from pairs, or from a list of Modules."""
    if hasattr(obj, "named_parameters"):
        return list(obj.named_parameters())
    pairs: list[tuple[str, Any]] = []
    for i, item in enumerate(obj):
        if hasattr(item, "named_parameters"):
            pairs += [(f"{i}.{n}", p) for n, p in item.named_parameters()]
        else:
            name, param = item
            pairs.append((str(name), param))
    return pairs


def plot_gradient_flow(
    named_parameters_or_modules: Any,
    ax: Axes | None = None,
    *,
    log: bool = True,
    mean_label: str = "mean |grad|",
    max_label: str = "max |grad|",
    no_grad: str = "no grad",
    xlabel: str = "parameter (input side -> output side)",
    ylabel: str = "|grad|",
    title: str = "Gradient flow",
) -> Axes:
    """Bar chart of the mean (dark) and max (light) ``|grad|`` of each parameter, in order.

    Accepts a Module (``named_parameters()`` is called), an iterable of ``(name, param)``
    pairs (autograd_lib or torch parameters), or a list of Modules. A parameter whose
    ``.grad`` is None is marked ``no_grad``. Vanishing gradients show as bars shrinking
    towards the input layers. ``mean_label``, ``max_label``, ``xlabel``, ``ylabel`` and ``title``
    are the legend's, the axes' and the picture's words: a translated chapter passes its own.
    Returns the Axes.
    """
    pairs = _named_parameters(named_parameters_or_modules)
    ax = new_axes(ax, (max(5.0, 0.6 * len(pairs) + 2), 4.0))
    names, means, maxes, missing = [], [], [], []
    for i, (name, p) in enumerate(pairs):
        grad = getattr(p, "grad", None)
        names.append(name)
        if grad is None:
            means.append(0.0)
            maxes.append(0.0)
            missing.append(i)
        else:
            g = np.abs(np.asarray(to_numpy(grad), dtype=float))
            means.append(float(g.mean()) if g.size else 0.0)
            maxes.append(float(g.max()) if g.size else 0.0)
    xs = np.arange(len(names))
    ax.bar(xs, maxes, color="C0", alpha=0.3, label=max_label)
    ax.bar(xs, means, color="C0", label=mean_label)
    if log and any(v > 0 for v in maxes):
        ax.set_yscale("log")
    for i in missing:
        ax.text(
            i,
            0.5,
            no_grad,
            rotation=90,
            ha="center",
            va="center",
            transform=ax.get_xaxis_transform(),
            color="C3",
            fontsize=8,
        )
    ax.set_xticks(xs)
    ax.set_xticklabels(names, rotation=45, ha="right")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax
