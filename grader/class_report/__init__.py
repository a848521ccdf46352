"""The instructor's class report: what the class got wrong, at a glance.

``write_report(OUT)`` reads a ``python -m grader autograde`` output folder and writes

- ``OUT/report.html``: one self-contained page (pictures embedded): the score distribution and
  the summary of each assignment, per exercise the shares of full, partial and no credit and the
  most frequent failure messages of the hidden tests (grouped), the notebooks that need attention,
  and a row per student linked to the feedback;
- ``OUT/exercise_stats.csv``: the per-exercise statistics.

The steps are small modules: ``collect`` (read OUT), ``messages`` (group failures), ``stats``
(the numbers), ``plots`` (matplotlib Agg, base64 PNG) and ``render`` (the HTML).
"""

from __future__ import annotations

from pathlib import Path

from grader import csv_safe
from grader.class_report.read_run import ClassData, read_class
from grader.class_report.stats import ExerciseStats, exercise_stats, summarise
from grader.files import replaced, write_atomic

EXERCISE_FIELDS = ["assignment_id", "notebook", "exercise", "points", "students", "full", "partial",
                   "none", "mean", "failure_groups", "top_failure", "top_failure_students", "diagnosed_mistakes",
                   "not_diagnosed"]


def compute(data: ClassData):
    """The summaries of every assignment and the statistics of every exercise."""
    summaries = [summarise(data, a) for a in data.assignments]
    stats = {a: [exercise_stats(data, e) for e in data.exercises[a]] for a in data.assignments}
    return summaries, stats


def write_exercise_stats(stats: dict[str, list[ExerciseStats]], path: Path) -> None:
    with replaced(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.dict_writer(handle, EXERCISE_FIELDS)
        writer.writeheader()
        for rows in stats.values():
            for r in rows:
                top = r.groups[0] if r.groups else None
                writer.writerow({
                    "assignment_id": r.exercise.assignment_id, "notebook": r.exercise.notebook,
                    "exercise": r.exercise.name, "points": f"{r.exercise.points:g}",
                    "students": r.students, "full": r.full, "partial": r.partial, "none": r.none,
                    "mean": f"{r.mean:.4g}", "failure_groups": len(r.groups),
                    "top_failure": top.pattern if top else "",
                    "top_failure_students": top.count if top else 0,
                    "diagnosed_mistakes": "; ".join(f"{g.count}: {g.mistake}" for g in r.mistakes if g.mistake),
                    "not_diagnosed": sum(g.count for g in r.mistakes if g.mistake is None)})


def write_report(out: Path, course_dir: Path | None = None) -> Path:
    """Write ``OUT/report.html`` and ``OUT/exercise_stats.csv``; return the page's path."""
    from grader.class_report.render import render

    out = Path(out)
    data = read_class(out, course_dir)
    summaries, stats = compute(data)
    write_exercise_stats(stats, out / "exercise_stats.csv")
    page = out / "report.html"
    write_atomic(page, render(data, summaries, stats))
    return page


__all__ = ["write_report", "read_class", "compute"]
