"""Draw a computation graph (autograd_lib or torch) as a layered DAG with matplotlib.

Tensors are rounded boxes (blue: leaf, green: the output, grey: intermediate) showing a
name, the shape, small data and, after ``backward()``, the gradient. Functions are square
orange boxes labelled with ``node.name()`` (``MulBackward0`` in torch, ``MulBackward`` in
autograd_lib). Arrows go forward: inputs -> Function -> output. An input used twice by one
op (``a + a``) gets one arrow marked ``x2``.
"""

from __future__ import annotations

import unicodedata
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch
from matplotlib.path import Path

from ._common import is_torch, to_numpy
from .fonts import monospace_family
from .graph_model import GraphNode, graph_nodes, node_name
from .layout import Layout, layered_layout

MAX_SHOWN = 6  # arrays with more elements show a summary instead of their values
CHAR_W, LINE_H, PAD_W, PAD_H = 0.62, 1.2, 1.2, 0.8  # box geometry in em of the node font
BASE_FONTSIZE = 8.0
COLOURS = {
    "leaf": ("#d6e6f5", "#2b5d8a"),
    "root": ("#d9efd3", "#3b7a2f"),
    "intermediate": ("#eeeeee", "#666666"),
    "function": ("#fde3c8", "#b35900"),
}


#: The axis labels' words (``draw_graph``'s ``flow`` and ``across``): the direction of the graph, and
#: what a column (left to right) or a row (top to bottom) of boxes means.
FLOW = "forward direction: inputs -> Functions -> output"
ACROSS = ("boxes in one column do not depend on each other", "boxes in one row do not depend on each other")
#: The first line of a tensor's box when ``names`` does not name it, by its role (``{shape}`` is its
#: shape): ``draw_graph``'s ``unnamed``.
UNNAMED = {"leaf": "leaf {shape}", "root": "output {shape}", "intermediate": "shape {shape}"}


def _grad_of(t: Any) -> Any | None:
    """``t.grad`` where it is meaningful (torch non-leaves only with ``retain_grad()``)."""
    if is_torch(t) and not t.is_leaf and not getattr(t, "retains_grad", False):
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return getattr(t, "grad", None)


def _format_array(prefix: str, arr: np.ndarray) -> list[str]:
    """``prefix`` followed by the values (small arrays) or a one-line summary."""
    arr = np.asarray(arr)
    if arr.ndim == 0:
        return [f"{prefix}={arr.item():.4g}"]
    if arr.size <= MAX_SHOWN:
        text = np.array2string(arr, precision=3, separator=", ", suppress_small=True)
        lines = text.split("\n")
        return [f"{prefix}={lines[0]}"] + [" " * (len(prefix) + 1) + ln for ln in lines[1:]]
    return [f"max|{prefix}|={np.abs(arr).max():.3g}"]


def _names_by_id(names: Mapping[Any, str] | Iterable[tuple[Any, str]] | None) -> dict[int, str]:
    """Turn ``{tensor: "x"}`` (or ``{"x": tensor}`` or pairs) into ``{id(tensor): "x"}``."""
    if names is None:
        return {}
    items = names.items() if isinstance(names, Mapping) else names
    out = {}
    for k, v in items:
        if isinstance(k, str) and not isinstance(v, str):
            k, v = v, k
        out[id(k)] = str(v)
    return out


def node_label(node: GraphNode, names: Mapping[int, str], show_data: bool = True, show_grad: bool = True,
               unnamed: Mapping[str, str] = UNNAMED) -> list[str]:
    """The text lines of a node's box: name and shape (``unnamed[role]`` for a tensor ``names``
    does not name), then data and grad if asked."""
    if node.kind == "function":
        label = node_name(node.obj)
        return [f"{names[node.key]}: {label}" if node.key in names else label]
    t = node.obj
    lines = []
    shape = tuple(int(s) for s in getattr(t, "shape", ()))
    if node.key in names:
        lines.append(f"{names[node.key]} {shape}")
    else:
        lines.append({**UNNAMED, **unnamed}[node.role].format(shape=shape))
    if show_data:
        lines += _format_array("data", to_numpy(t))
    grad = _grad_of(t) if show_grad else None
    if grad is not None:
        lines += _format_array("grad", to_numpy(grad))
    return lines


def _columns(line: str) -> int:
    """The width of ``line`` in monospace columns: a wide character (Chinese, a full-width
    parenthesis) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def _box_size(lines: list[str]) -> tuple[float, float]:
    return CHAR_W * max(_columns(s) for s in lines) + PAD_W, LINE_H * len(lines) + PAD_H


def _numbers(numbering: Sequence[Any] | None, nodes: list[GraphNode]) -> dict[int, int]:
    """Map node key -> index in ``numbering`` (a list of grad_fn nodes or tensors)."""
    if numbering is None:
        return {}
    keys = {n.key for n in nodes}
    out: dict[int, int] = {}
    for i, obj in enumerate(numbering):
        for cand in (obj, getattr(obj, "variable", None), getattr(obj, "grad_fn", None)):
            if cand is not None and id(cand) in keys:
                out.setdefault(id(cand), i)
                break
    return out


def _fit_fontsize(ax: Axes, xlim: tuple[float, float], ylim: tuple[float, float]) -> float:
    """Largest font size (<= BASE_FONTSIZE) at which every box's text fits its box."""
    fig = ax.figure
    bbox = ax.get_window_extent()
    to_pt = 72.0 / fig.dpi
    ppu_x = bbox.width * to_pt / (xlim[1] - xlim[0])
    ppu_y = bbox.height * to_pt / (ylim[1] - ylim[0])
    return float(max(2.0, min(BASE_FONTSIZE, ppu_x, ppu_y)))


def _equal_scale(ax: Axes, xlim: tuple[float, float], ylim: tuple[float, float]):
    """Widen one of the limits so that one data unit is as long in x as in y."""
    bbox = ax.get_window_extent()
    rx, ry = xlim[1] - xlim[0], ylim[1] - ylim[0]
    ppu = min(bbox.width / rx, bbox.height / ry)
    cx, cy = (xlim[0] + xlim[1]) / 2, (ylim[0] + ylim[1]) / 2
    hx, hy = bbox.width / ppu / 2, bbox.height / ppu / 2
    return (cx - hx, cx + hx), (cy - hy, cy + hy)


def graph_figsize(layout: Layout) -> tuple[float, float]:
    """A figure size (inches) at which the graph's text is drawn at the base font size,
    capped at 18 x 24 inches (a deep graph scrolls in a notebook rather than shrinking)."""
    em = BASE_FONTSIZE / 72.0
    # the default subplot uses 77.5% x 77% of the figure; the limits add 3 x 2.8 em
    w = (layout.width + 3.0) * em / 0.775
    h = (layout.height + 2.8) * em / 0.77
    shrink = min(1.0, 18.0 / w, 24.0 / h)  # keep the aspect ratio when capping
    return max(w * shrink, 4.0), max(h * shrink, 2.5)


def _fit_score(layout: Layout) -> float:
    """How large the text can be when the graph fills an 18 x 11 inch page."""
    return min(18.0 / max(layout.width, 1.0), 11.0 / max(layout.height, 1.0))


def _compute(tensor: Any, names: dict[int, str], show_data: bool, show_grad: bool, direction: str,
             unnamed: Mapping[str, str] = UNNAMED):
    """Extract, label and lay out; ``direction="auto"`` picks the more legible of LR/TB."""
    nodes, edges = graph_nodes(tensor)
    labels = {n.key: node_label(n, names, show_data, show_grad, unnamed) for n in nodes}
    sizes = {k: _box_size(v) for k, v in labels.items()}
    keys, pairs = [n.key for n in nodes], [(e.src, e.dst) for e in edges]
    if direction == "auto":
        lr = layered_layout(keys, pairs, sizes, direction="LR")
        tb = layered_layout(keys, pairs, sizes, direction="TB")
        layout = tb if _fit_score(tb) > 1.25 * _fit_score(lr) else lr
    else:
        layout = layered_layout(keys, pairs, sizes, direction=direction)
    return nodes, edges, labels, sizes, layout


def draw_graph(
    tensor: Any,
    ax: Axes | None = None,
    *,
    show_data: bool = True,
    show_grad: bool = True,
    numbering: Sequence[Any] | None = None,
    names: Mapping[Any, str] | Iterable[tuple[Any, str]] | None = None,
    title: str | None = None,
    direction: str = "auto",
    flow: str = FLOW,
    across: tuple[str, str] = ACROSS,
    unnamed: Mapping[str, str] = UNNAMED,
) -> Axes:
    """Draw the computation graph that produced ``tensor`` (autograd_lib or torch).

    Every tensor (leaves, the output and, for autograd_lib, intermediates) is a rounded box
    with its name (``names={x: "x"}``, matched by identity), shape, its data when it has at
    most 6 elements, and ``grad`` once backward has filled it. Every Function is a square box
    with its ``name()``. If ``numbering`` is a list of nodes (e.g. a topological order),
    each node in it gets its 0-based index in a circle on its corner (an AccumulateGrad in
    the list numbers its leaf). ``direction`` is ``"LR"`` (left to right), ``"TB"`` (top to
    bottom) or ``"auto"`` (whichever fits a long chain better). ``flow`` labels the axis along
    which the graph runs; ``across`` labels the other one, ``(left to right, top to bottom)``;
    ``unnamed`` gives the first line of a tensor ``names`` leaves out, by its role (``"leaf"``,
    ``"root"``, ``"intermediate"``; ``{shape}`` is its shape; see ``UNNAMED``): a translated
    chapter passes its own words. Returns the Axes.
    """
    name_ids = _names_by_id(names)
    nodes, edges, labels, sizes, layout = _compute(tensor, name_ids, show_data, show_grad, direction, unnamed)
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=graph_figsize(layout))
    _render(ax, nodes, edges, labels, sizes, layout, _numbers(numbering, nodes), flow, across)
    if title is None:
        root = name_ids.get(id(tensor))
        title = f"Computation graph of {root}" if root else "Computation graph"
    ax.set_title(title)
    return ax


def _render(ax, nodes, edges, labels, sizes, layout, numbers, flow: str, across: tuple[str, str]) -> None:
    pos = layout.positions
    tb = layout.direction == "TB"
    xlim = (-1.5, max(layout.width, 1.0) + 1.5)
    half = max(layout.height, 1.0) / 2
    ylim = (-half - 1.0, half + 1.8)
    xlim, ylim = _equal_scale(ax, xlim, ylim)  # boxes keep the shape of their text
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    fs = _fit_fontsize(ax, xlim, ylim)
    for node in nodes:
        (x, y), (w, h) = pos[node.key], sizes[node.key]
        face, edge = COLOURS[node.role]
        style = "square,pad=0" if node.kind == "function" else "round,pad=0,rounding_size=0.5"
        ax.add_patch(
            FancyBboxPatch(
                (x - w / 2, y - h / 2),
                w,
                h,
                boxstyle=style,
                facecolor=face,
                edgecolor=edge,
                linewidth=1.2,
                gid=f"node:{node.kind}:{node.key}",
                zorder=2,
            )
        )
        ax.text(
            x,
            y,
            "\n".join(labels[node.key]),
            ha="center",
            va="center",
            family=monospace_family(),
            fontsize=fs,
            zorder=3,
            gid=f"label:{node.key}",
        )
        if node.key in numbers:
            ax.text(
                x - w / 2,
                y + h / 2,
                str(numbers[node.key]),
                ha="center",
                va="center",
                fontsize=fs,
                fontweight="bold",
                color="white",
                zorder=5,
                gid=f"number:{numbers[node.key]}",
                bbox=dict(boxstyle="circle,pad=0.25", facecolor="#7a1f5c", edgecolor="none"),
            )
    for e in edges:
        (xs, ys), (ws, hs) = pos[e.src], sizes[e.src]
        (xd, yd), (wd, hd) = pos[e.dst], sizes[e.dst]
        start = (xs, ys - hs / 2) if tb else (xs + ws / 2, ys)
        end = (xd, yd + hd / 2) if tb else (xd - wd / 2, yd)
        pts = [start, *layout.routes.get((e.src, e.dst), []), end]
        codes = [Path.MOVETO] + [Path.LINETO] * (len(pts) - 1)
        ax.add_patch(
            FancyArrowPatch(
                path=Path(pts, codes),
                arrowstyle="-|>",
                mutation_scale=1.4 * fs,
                color="#444444",
                linewidth=1.0,
                zorder=1,
                gid=f"edge:{e.src}:{e.dst}",
            )
        )
        if e.count > 1:
            (x0, y0), (x1, y1) = pts[-2], pts[-1]
            ax.text(
                (x0 + x1) / 2,
                (y0 + y1) / 2,
                f"x{e.count}",
                ha="center",
                va="center",
                fontsize=fs,
                color="#7a1f5c",
                zorder=4,
                bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none"),
            )
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_xlabel(across[1] if tb else flow)
    ax.set_ylabel(flow if tb else across[0])


def draw_graphs_side_by_side(
    ours: Any,
    theirs: Any,
    titles: tuple[str, str] = ("autograd_lib", "PyTorch"),
    ax: Sequence[Axes] | None = None,
    **kwargs: Any,
) -> np.ndarray:
    """Draw two graphs (typically autograd_lib's and torch's for the same expression).

    ``ax`` may be a pair of Axes; other keyword arguments go to :func:`draw_graph` for both
    (``names`` may hold tensors of both libraries); with ``direction="auto"`` both are
    drawn in the orientation that suits the bigger graph. Returns an array of the two Axes.
    """
    names = _names_by_id(kwargs.get("names"))
    flags = (kwargs.get("show_data", True), kwargs.get("show_grad", True))
    unnamed = kwargs.get("unnamed", UNNAMED)
    layouts = [_compute(t, names, *flags, kwargs.get("direction", "auto"), unnamed) for t in (ours, theirs)]
    if kwargs.get("direction", "auto") == "auto":  # one orientation for both: the bigger graph's
        bigger = max(layouts, key=lambda c: len(c[0]))
        kwargs["direction"] = bigger[4].direction
        layouts = [_compute(t, names, *flags, kwargs["direction"], unnamed) for t in (ours, theirs)]
    if ax is None:
        import matplotlib.pyplot as plt

        sizes = [graph_figsize(c[4]) for c in layouts]
        w = min(sizes[0][0] + sizes[1][0], 22.0)
        h = max(sizes[0][1], sizes[1][1])
        _, ax = plt.subplots(1, 2, figsize=(w, h))
    axes = np.asarray(ax, dtype=object).ravel()
    if axes.size != 2:
        raise ValueError(f"draw_graphs_side_by_side needs 2 axes, got {axes.size}")
    for a, t, title in zip(axes, (ours, theirs), titles, strict=True):
        draw_graph(t, a, title=title, **kwargs)
    return axes
