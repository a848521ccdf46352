"""How the gradient of a broadcast is summed back to the input's shape (chapter 4).

If ``x`` of shape ``input_shape`` is broadcast to ``output_shape``, every output element
copies one input element, so by the chain rule the input's gradient is the *sum* of the
output gradient over the copies: over the leading axes that broadcasting added, and (with
``keepdims=True``) over the axes where the input had size 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import matplotlib
import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import FancyArrowPatch, Rectangle

from ._common import new_axes

MAX_ARROWS = 36  # beyond this many output cells one arrow stands for all


def sum_rule(input_shape: Sequence[int], output_shape: Sequence[int]) -> str:
    """The numpy expression that reduces ``grad`` (output_shape) back to input_shape."""
    inp, out = tuple(input_shape), tuple(output_shape)
    try:
        ok = np.broadcast_shapes(inp, out) == out
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"shape {inp} does not broadcast to {out}")
    lead = len(out) - len(inp)
    expr = "grad"
    if lead:
        expr += f".sum(axis={tuple(range(lead))})"
    kept = tuple(i for i, (a, b) in enumerate(zip(inp, out[lead:], strict=True)) if a == 1 != b)
    if kept:
        expr += f".sum(axis={kept}, keepdims=True)"
    return expr


def _as3(shape: tuple[int, ...]) -> tuple[int, int, int]:
    """(slices, rows, columns) used to draw an array of any rank as a row of 2-D grids."""
    if len(shape) == 0:
        return 1, 1, 1
    if len(shape) == 1:
        return 1, 1, shape[0]
    return math.prod(shape[:-2]), shape[-2], shape[-1]


def _cell_xy(shape: tuple[int, ...], idx: tuple[int, ...], x0: float) -> tuple[float, float]:
    """Lower-left corner of cell ``idx`` of a grid drawn from x = x0 (top row at y = 0)."""
    k, rows, cols = _as3(shape)
    flat = np.ravel_multi_index(idx[:-2], shape[:-2]) if len(shape) > 2 else 0
    r = idx[-2] if len(shape) >= 2 else 0
    c = idx[-1] if len(shape) >= 1 else 0
    return x0 + flat * (cols + 0.6) + c, -(r + 1.0)


def _grid_width(shape: tuple[int, ...]) -> float:
    k, _, cols = _as3(shape)
    return k * cols + (k - 1) * 0.6


def plot_broadcast_gradient(input_shape: Sequence[int], output_shape: Sequence[int], ax: Axes | None = None, *,
                            sum_of: str = "sum\nof {n}",
                            xlabel: str = "last axis (columns); higher-rank arrays as a row of slices",
                            ylabel: str = "second-to-last axis (rows)",
                            title: str = "Gradient of a broadcast: {output} summed back to {input}") -> Axes:
    """Draw ``grad_output`` (left) and ``grad_input`` (right) as grids of cells.

    Every output cell has the colour of the input cell it was copied from; arrows show
    where each is summed to, and each input cell says how many cells it receives
    (``sum_of``, with ``{n}`` the count). Arrays of rank > 2 are drawn as a row of 2-D slices.
    The numpy reduction (see :func:`sum_rule`) is written underneath. ``xlabel`` and ``ylabel``
    name the axes, ``title`` (with ``{output}`` and ``{input}`` the shapes) heads the picture: a
    translated chapter passes its own words. Returns the Axes.
    """
    inp, out = tuple(int(s) for s in input_shape), tuple(int(s) for s in output_shape)
    rule = sum_rule(inp, out)
    lead = len(out) - len(inp)
    padded = (1,) * lead + inp
    ax = new_axes(ax, (8.0, 4.0))
    wo = _grid_width(out)
    x_in = wo + 4.0
    rows = max(_as3(out)[1], _as3(inp)[1])
    cmap = matplotlib.colormaps["tab20"]

    def colour(i_idx: tuple[int, ...]) -> tuple:
        flat = int(np.ravel_multi_index(i_idx, inp)) if inp else 0
        return cmap((flat % 20) / 20 + 0.025)

    counts: dict[tuple[int, ...], int] = {}
    arrows = []
    for o_idx in np.ndindex(*out) if out else [()]:
        i_idx = tuple(0 if p == 1 else o for p, o in zip(padded, o_idx, strict=True))[lead:]
        counts[i_idx] = counts.get(i_idx, 0) + 1
        x, y = _cell_xy(out, o_idx, 0.0)
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour(i_idx), edgecolor="black", linewidth=0.8))
        arrows.append(((x + 0.85, y + 0.5), i_idx))
    for i_idx in np.ndindex(*inp) if inp else [()]:
        x, y = _cell_xy(inp, i_idx, x_in)
        ax.add_patch(Rectangle((x, y), 1, 1, facecolor=colour(i_idx), edgecolor="black", linewidth=1.2))
        ax.text(x + 0.5, y + 0.5, sum_of.format(n=counts.get(i_idx, 0)), ha="center", va="center", fontsize=7)
    if len(arrows) <= MAX_ARROWS:
        for start, i_idx in arrows:
            x, y = _cell_xy(inp, i_idx, x_in)
            ax.add_patch(
                FancyArrowPatch(
                    start,
                    (x + 0.15, y + 0.5),
                    arrowstyle="-|>",
                    mutation_scale=8,
                    color="0.25",
                    alpha=0.45,
                    linewidth=0.8,
                    zorder=3,
                )
            )
    else:
        ax.add_patch(
            FancyArrowPatch(
                (wo + 0.5, -rows / 2), (x_in - 0.5, -rows / 2), arrowstyle="simple", mutation_scale=25, color="0.4"
            )
        )
    ax.text(wo / 2, 0.4, f"grad_output {out}", ha="center", va="bottom", fontsize=9)
    ax.text(x_in + _grid_width(inp) / 2, 0.4, f"grad_input {inp}", ha="center", va="bottom", fontsize=9)
    ax.text((x_in + _grid_width(inp)) / 2, -rows - 0.6, rule, ha="center", va="top", family="monospace", fontsize=9)
    ax.set_xlim(-0.8, x_in + _grid_width(inp) + 0.8)
    ax.set_ylim(-rows - 2.0, 1.6)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title.format(output=out, input=inp))
    return ax
