"""Pictures of the report, drawn with matplotlib's Agg backend and embedded as base64 PNG."""

from __future__ import annotations

import base64
import io

import numpy as np

from grader.class_report.stats import AssignmentSummary, ExerciseStats


def _figure(width: float, height: float):
    from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

    fig = Figure(figsize=(width, height), dpi=100)
    return fig, fig.add_subplot()


def png_data_uri(fig) -> str:
    """``data:image/png;base64,...`` of a matplotlib figure."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def score_histogram(summary: AssignmentSummary) -> str:
    """Histogram of the scores of the notebooks that ran: one bar per point (centred on it) up to
    20 points, 20 bins beyond; the median and the quartiles are in the title and marked."""
    fig, ax = _figure(5.2, 2.8)
    top = max(summary.max_score, max(summary.scores, default=0.0), 1.0)
    if top <= 20:
        bins = np.arange(-0.5, np.ceil(top) + 1.0, 1.0)
        ax.set_xticks(np.arange(0, np.ceil(top) + 1))
    else:
        bins = np.linspace(0, top, 21)
    ax.hist(summary.scores, bins=bins, color="#4c72b0", edgecolor="white")
    title = f"{summary.assignment_id}: {summary.ran} notebook(s)"
    quartiles = summary.quartiles()
    if quartiles:
        q1, median, q3 = quartiles
        ax.axvspan(q1, q3, color="#dd8452", alpha=0.15)
        ax.axvline(median, color="#c44e52", linewidth=2)
        title += f"\nmedian {median:g} (red), quartiles {q1:g} to {q3:g} (shaded)"
    ax.set_xlim(bins[0], bins[-1])
    ax.set_title(title, fontsize=9)
    ax.set_xlabel(f"score (out of {summary.max_score:g})")
    ax.set_ylabel("students")
    ax.yaxis.get_major_locator().set_params(integer=True)
    return png_data_uri(fig)


def credit_bars(assignment_id: str, rows: list[ExerciseStats]) -> str:
    """One horizontal bar per exercise: the shares of full, partial and no credit."""
    fig, ax = _figure(5.2, 0.45 * max(len(rows), 1) + 1.0)
    names = [r.exercise.name for r in rows][::-1]
    full = np.array([r.share(r.full) for r in rows][::-1])
    partial = np.array([r.share(r.partial) for r in rows][::-1])
    none = np.array([r.share(r.none) for r in rows][::-1])
    y = np.arange(len(rows))
    ax.barh(y, full, color="#55a868", label="full")
    ax.barh(y, partial, left=full, color="#dd8452", label="partial")
    ax.barh(y, none, left=full + partial, color="#c44e52", label="none")
    ax.set_yticks(y, names, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of students")
    ax.set_title(f"{assignment_id}: credit per exercise", fontsize=10)
    ax.legend(loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8, frameon=False)
    return png_data_uri(fig)
