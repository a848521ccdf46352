"""What a run leaves for the instructor: CSV files and the grade table.

- ``grades.csv``: nbgrader's own CSV export of the class gradebook, unchanged;
- ``status.csv``: one row per student and assignment: status (graded, timed out, crashed,
  malformed, missing, flagged), score, the reasons, the grading seed, whether it was sandboxed;
- ``scores_by_exercise.csv``: one row per student and exercise.
"""

from __future__ import annotations

import csv
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.plugins.export import CsvExportPlugin

from grader.course.nbgrader_setup import COURSE_ID

STATUS_FIELDS = ["student_id", "assignment_id", "status", "score", "max_score", "reasons",
                 "seed", "sandboxed", "seconds", "fingerprint"]


def export_grades(db_url: str, path: Path) -> None:
    """nbgrader's grades CSV, through its own export plugin."""
    plugin = CsvExportPlugin()
    plugin.to = str(path)
    with Gradebook(db_url, COURSE_ID) as gb:
        plugin.export(gb)


def write_status(results: list[dict], path: Path) -> None:
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, STATUS_FIELDS, extrasaction="ignore")
        writer.writeheader()
        for r in sorted(results, key=lambda r: (r["student_id"], r["assignment_id"])):
            writer.writerow({**r, "reasons": " | ".join(r.get("reasons", [])),
                             "score": _num(r.get("score")), "max_score": _num(r.get("max_score"))})


def write_exercise_scores(results: list[dict], path: Path) -> None:
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "assignment_id", "notebook", "exercise", "score", "max_score"])
        for r in sorted(results, key=lambda r: (r["student_id"], r["assignment_id"])):
            for e in r.get("exercises", []):
                writer.writerow([r["student_id"], r["assignment_id"], e["notebook"],
                                 e["exercise"], _num(e["score"]), _num(e["max_score"])])


def grade_table(results: list[dict]) -> str:
    """A plain-text table: one line per student and assignment, with the status and the reason."""
    rows = [("student", "assignment", "score", "status", "reason")]
    for r in sorted(results, key=lambda r: (r["student_id"], r["assignment_id"])):
        reason = r["reasons"][0] if r.get("reasons") and r["status"] != "graded" else ""
        rows.append((r["student_id"], r["assignment_id"],
                     f"{_num(r.get('score'))}/{_num(r.get('max_score'))}", r["status"],
                     reason[:70] + ("..." if len(reason) > 70 else "")))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)) + "  " + row[4]
             for row in rows]
    lines.insert(1, "-" * (sum(widths) + 2 * 4 + 6))
    return "\n".join(line.rstrip() for line in lines)


def summary_line(results: list[dict]) -> str:
    counts: dict[str, int] = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))


def _num(value) -> str:
    return f"{float(value or 0):g}"
