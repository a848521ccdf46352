"""Numerical vs analytical Jacobian as heatmaps (chapter 5, gradcheck)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator

from ._common import to_numpy

MAX_ANNOTATED = 64  # cells; larger matrices are drawn without the numbers


def _as_matrix(j: Any) -> np.ndarray:
    arr = np.asarray(to_numpy(j), dtype=float)
    return arr.reshape(1, -1) if arr.ndim < 2 else arr.reshape(arr.shape[0], -1)


def _three_axes(ax: Axes | Sequence[Axes] | None) -> np.ndarray:
    """Three Axes: new ones, the three given, or three insets of one given Axes."""
    if ax is None:
        import matplotlib.pyplot as plt

        _, axes = plt.subplots(1, 3, figsize=(13, 4), layout="constrained")
        return np.asarray(axes, dtype=object)
    if isinstance(ax, Axes):
        ax.set_axis_off()
        return np.array(
            [ax.inset_axes((i / 3 + 0.03, 0.1, 1 / 3 - 0.12, 0.8)) for i in range(3)],
            dtype=object,
        )
    axes = np.asarray(ax, dtype=object).ravel()
    if axes.size != 3:
        raise ValueError(f"plot_jacobians draws 3 panels and needs 3 axes, got {axes.size}")
    return axes


def _annotate(ax: Axes, m: np.ndarray, scale: float) -> None:
    """Write each value in its cell (white on dark cells); integer ticks."""
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if m.size > MAX_ANNOTATED:
        return
    for (i, j), v in np.ndenumerate(m):
        dark = abs(v) > 0.6 * scale
        ax.text(j, i, f"{v:.2g}", ha="center", va="center", fontsize=7, color="white" if dark else "black")


def plot_jacobians(
    numerical: Any,
    analytical: Any,
    ax: Axes | Sequence[Axes] | None = None,
    titles: Sequence[str] = ("numerical Jacobian", "analytical Jacobian", "|difference|"),
    worst: str = "{title} (max {max:.2g} at {index})",
) -> np.ndarray:
    """Three heatmaps: numerical, analytical (one shared, symmetric colour scale) and
    ``|numerical - analytical|`` (its own scale; the worst cell is outlined in red).

    Row ``i`` is output element ``i``, column ``j`` is input element ``j``, as in
    ``gradcheck``. Small matrices show their values. ``ax`` may be None, three Axes, or one
    Axes that is split into three. ``worst`` titles the third heatmap (``{title}`` its title,
    ``{max}`` the largest difference, ``{index}`` its cell): a translated chapter passes its own
    words. Returns the array of 3 Axes.
    """
    num, ana = _as_matrix(numerical), _as_matrix(analytical)
    if num.shape != ana.shape:
        raise ValueError(f"Jacobian shapes differ: numerical {num.shape}, analytical {ana.shape}")
    diff = np.abs(num - ana)
    axes = _three_axes(ax)
    vmax = float(max(np.abs(num).max(initial=0.0), np.abs(ana).max(initial=0.0), 1e-12))
    for a, m, title in zip(axes[:2], (num, ana), titles[:2], strict=True):
        im = a.imshow(m, cmap="RdBu_r", vmin=-vmax, vmax=vmax, interpolation="nearest")
        a.figure.colorbar(im, ax=a, shrink=0.8)
        _annotate(a, m, vmax)
        a.set_title(title)
    im = axes[2].imshow(diff, cmap="magma_r", vmin=0.0, interpolation="nearest")
    axes[2].figure.colorbar(im, ax=axes[2], shrink=0.8)
    _annotate(axes[2], diff, float(diff.max()))
    cell = np.unravel_index(int(np.argmax(diff)), diff.shape)
    axes[2].add_patch(Rectangle((cell[1] - 0.5, cell[0] - 0.5), 1, 1, fill=False, edgecolor="red", linewidth=2))
    axes[2].set_title(worst.format(title=titles[2], max=diff.max(), index=tuple(map(int, cell))))
    for a in axes:
        a.set_xlabel("input element j")
        a.set_ylabel("output element i")
    return axes
