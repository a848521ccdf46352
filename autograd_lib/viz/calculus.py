"""Plots for chapter 0: a function with its derivative, and finite-difference error vs eps."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from matplotlib.axes import Axes

from ._common import new_axes, to_numpy


def _evaluate(f: Callable, xs: np.ndarray) -> np.ndarray:
    """``f`` on every point of ``xs``: vectorised if it can be, else point by point."""
    try:
        ys = to_numpy(f(xs)).astype(float)
        if ys.shape == xs.shape:
            return ys
    except Exception:  # a scalar-only function (math.sin, a Tensor op on floats...)
        pass
    return np.array([float(to_numpy(f(float(x)))) for x in xs])


def central_difference(f: Callable, xs: np.ndarray, h: float | None = None) -> np.ndarray:
    """``(f(x + h) - f(x - h)) / 2h`` with ``h = cbrt(machine eps) * max(1, |x|)``."""
    xs = np.asarray(xs, dtype=float)
    step = np.cbrt(np.finfo(float).eps) * np.maximum(1.0, np.abs(xs)) if h is None else h
    return (_evaluate(f, xs + step) - _evaluate(f, xs - step)) / (2 * step)


def plot_function_and_derivative(
    f: Callable,
    df: Callable | None,
    x_range: tuple[float, float] = (-3, 3),
    ax: Axes | None = None,
    num: int = 400,
    label: str = "f",
    *,
    estimated: str = "{label}'(x) (central difference)",
    ylabel: str = "value",
    title: str = "{label} and its derivative",
) -> Axes:
    """Draw ``f(x)`` and ``f'(x)`` on ``x_range`` (``num`` points) with a legend.

    ``df`` is the analytical derivative; if None, ``f'`` is estimated by central differences
    (and the legend says so, in the words of ``estimated``). ``ylabel`` and ``title`` are the
    picture's words (``{label}`` is the function's name): a translated chapter passes its own.
    Returns the Axes.
    """
    ax = new_axes(ax)
    xs = np.linspace(x_range[0], x_range[1], num)
    ax.plot(xs, _evaluate(f, xs), label=f"{label}(x)", color="C0", linewidth=2)
    if df is None:
        ax.plot(xs, central_difference(f, xs), "--", color="C1", label=estimated.format(label=label))
    else:
        ax.plot(xs, _evaluate(df, xs), "--", color="C1", label=f"{label}'(x)")
    ax.axhline(0.0, color="0.7", linewidth=0.8, zorder=0)
    ax.set_xlabel("x")
    ax.set_ylabel(ylabel)
    ax.set_title(title.format(label=label))
    ax.legend()
    return ax


def fd_errors(f: Callable, exact: float, x0: float, eps: np.ndarray, method: str) -> np.ndarray:
    """Absolute error of the ``"forward"``, ``"backward"`` or ``"central"`` difference."""
    x0 = float(x0)

    def fx(x: float) -> float:
        return float(to_numpy(f(x)))

    if method == "forward":
        est = [(fx(x0 + h) - fx(x0)) / h for h in eps]
    elif method == "backward":
        est = [(fx(x0) - fx(x0 - h)) / h for h in eps]
    elif method == "central":
        est = [(fx(x0 + h) - fx(x0 - h)) / (2 * h) for h in eps]
    else:
        raise ValueError(f"method must be 'forward', 'backward' or 'central', got {method!r}")
    return np.abs(np.asarray(est) - exact)


def _reference_constant(eps, err, power, mask) -> float | None:
    """Median of ``err / eps**power`` where ``mask`` holds and the error is positive."""
    ok = mask & (err > 0) & np.isfinite(err)
    return float(np.median(err[ok] / eps[ok] ** power)) if ok.any() else None


def _reference(ax: Axes, hs: np.ndarray, c: float, power: int, text: str) -> None:
    """A dashed grey line ``c * h**power`` over ``hs``, labelled in its middle."""
    if hs.size < 2:
        return
    ax.loglog(hs, c * hs**power, "--", color="0.5", linewidth=1.2)
    mid = hs[hs.size // 2]
    ax.annotate(
        text, (mid, c * mid**power), xytext=(0, -12), textcoords="offset points", fontsize=10, color="0.3", ha="center"
    )


def plot_fd_error(
    f: Callable,
    df: Callable | float,
    x0: float,
    ax: Axes | None = None,
    eps: np.ndarray | None = None,
    methods: Sequence[str] = ("forward", "central"),
    *,
    curve_label: str = "{method} difference",
    best_label: str = "best {method}: h = {h:.0e}",
    xlabel: str = "step size h (eps)",
    ylabel: str = "absolute error |FD(h) - f'(x0)|",
    title: str = "Finite-difference error at x0 = {x0:g}",
) -> Axes:
    """Finite-difference error ``|FD(h) - f'(x0)|`` against the step ``h`` on log-log axes.

    Each method's V: to the right, truncation error (``~ h`` for forward, ``~ h^2`` for
    central differences); to the left, round-off (``~ eps_machine / h``). Dashed grey lines
    show these slopes (fitted to the curve, drawn a decade below it); a star marks the best
    ``h`` of each method; the legend sits to the right of the Axes.
    ``eps`` defaults to ``np.logspace(-16, 0, 81)``. Exact zeros are not drawn (log axes).
    The words are arguments (``curve_label`` and ``best_label`` name a method's curve and star, with
    ``{method}`` and ``{h}``; ``title`` has ``{x0}``): a translated chapter passes its own.
    """
    ax = new_axes(ax, (7.5, 4.5))
    eps = np.logspace(-16, 0, 81) if eps is None else np.asarray(eps, dtype=float)
    exact = float(to_numpy(df(x0))) if callable(df) else float(df)
    order = {"forward": 1, "backward": 1, "central": 2}
    curves: list[np.ndarray] = []
    for i, method in enumerate(methods):
        err = fd_errors(f, exact, x0, eps, method)
        shown = np.where(err > 0, err, np.nan)
        curves.append(shown)
        ax.loglog(eps, shown, "o-", markersize=3, color=f"C{i}", label=curve_label.format(method=method))
        if not np.isfinite(shown).any():
            continue
        best = int(np.nanargmin(shown))
        ax.loglog(
            eps[best],
            shown[best],
            "*",
            markersize=14,
            color=f"C{i}",
            markeredgecolor="black",
            label=best_label.format(method=method, h=eps[best]),
        )
        p = order[method]
        right = (eps >= eps[best] * 100) & (eps <= 1e-1)
        c_trunc = _reference_constant(eps, err, p, right)
        if c_trunc is not None:  # drawn a decade below the curve so both stay visible
            _reference(
                ax, eps[eps >= eps[best] * 10], c_trunc / 10, p, rf"$\propto h^{p}$" if p > 1 else r"$\propto h$"
            )
        if i == 0:
            left = eps <= eps[best] / 100
            c_round = _reference_constant(eps, err, -1, left)
            if c_round is not None:
                _reference(ax, eps[eps <= eps[best] / 10], c_round / 10, -1, r"$\propto 1/h$")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title.format(x0=x0))
    if curves:  # the reference lines must not stretch the axes beyond the data
        shown_all = np.concatenate(curves)
        shown_all = shown_all[np.isfinite(shown_all)]
        if shown_all.size:
            ax.set_ylim(shown_all.min() / 10, shown_all.max() * 10)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0)
    ax.grid(True, which="major", alpha=0.3)
    return ax
