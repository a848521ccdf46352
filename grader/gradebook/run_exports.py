"""What a run leaves for the instructor besides nbgrader's ``grades.csv``: CSV files and the table.

- ``status.csv``: one row per student and assignment: status (graded, timed out, crashed,
  malformed, missing, flagged), score, the reasons (one per line), the grading seed, whether it
  was sandboxed, the received time and who vouches for it, nbgrader's stamp (the student's clock)
  beside it, and nbgrader's lateness and late penalty (``received``);
- ``scores_by_exercise.csv``: one row per student and exercise;
- ``files.csv``: every file found in SUBMISSIONS, where it was placed for grading or why not;
- the grade table printed at the end of a run, and the files that could not be placed.

Every CSV goes through ``csv_safe``: no text cell can start a spreadsheet formula.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

from grader import csv_safe
from grader.intake.upload_names import SubmittedFile
from grader.records.jobs import JobResult, Status

STATUS_FIELDS = ["student_id", "assignment_id", "status", "score", "max_score", "reasons",
                 "seed", "sandboxed", "seconds", "fingerprint", "received_at", "received_by", "nbgrader_stamp",
                 "late_seconds", "late_penalty"]


def _ordered(results: list[JobResult]) -> list[JobResult]:
    return sorted(results, key=lambda r: (r.student_id, r.assignment_id))


def write_status(results: list[JobResult], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.dict_writer(handle, STATUS_FIELDS)
        writer.writeheader()
        for r in _ordered(results):
            writer.writerow({"student_id": r.student_id, "assignment_id": r.assignment_id, "status": r.status.value,
                             "score": _num(r.score) if r.status.counts else "", "max_score": _num(r.max_score),
                             "reasons": "\n".join(r.reasons),
                             "seed": r.seed, "sandboxed": r.sandboxed, "seconds": r.seconds,
                             "fingerprint": r.fingerprint, "received_at": r.timestamp if r.received_by else "",
                             "received_by": r.received_by or "", "nbgrader_stamp": r.student_stamp or "",
                             "late_seconds": _num(r.late_seconds), "late_penalty": _num(r.late_penalty)})


def write_exercise_scores(results: list[JobResult], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.writer(handle)
        writer.writerow(["student_id", "assignment_id", "notebook", "exercise", "score", "max_score"])
        for r in _ordered(results):
            for e in r.exercises:
                writer.writerow(
                    [r.student_id, r.assignment_id, e.notebook, e.exercise, _num(e.score), _num(e.max_score)]
                )


FILE_FIELDS = ["path", "student_id", "assignment_id", "placed_as", "note"]


def write_files(files: list[SubmittedFile], path: Path) -> None:
    """``files.csv``: a row per file found in SUBMISSIONS, placed or with the reason it was not."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.dict_writer(handle, FILE_FIELDS)
        writer.writeheader()
        for f in files:
            writer.writerow({"path": f.path, "student_id": f.student_id, "assignment_id": f.assignment_id,
                             "placed_as": f.placed_as, "note": f.note})


def not_placed_table(files: list[SubmittedFile], limit: int = 20) -> str:
    """The files of SUBMISSIONS that were not graded, one line each (the first ``limit``)."""
    lines = [f"{len(files)} submitted file(s) not graded (all in files.csv):"]
    lines += [f"  {f.path}: {f.note}" for f in files[:limit]]
    if len(files) > limit:
        lines.append(f"  ... and {len(files) - limit} more")
    return "\n".join(lines)


def grade_table(results: list[JobResult]) -> str:
    """A plain-text table: one line per student and assignment, with the status and the reason."""
    rows = [("student", "assignment", "score", "status", "reason")]
    for r in _ordered(results):
        reason = r.reasons[0] if r.reasons and r.status != Status.GRADED else ""
        score = _num(r.score) if r.status.counts else "-"
        rows.append((r.student_id, r.assignment_id, f"{score}/{_num(r.max_score)}", r.status.value,
                     reason[:70] + ("..." if len(reason) > 70 else "")))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)) + "  " + row[4]
             for row in rows]
    lines.insert(1, "-" * (sum(widths) + 2 * 4 + 6))
    return "\n".join(line.rstrip() for line in lines)


def blank_not_graded(results: list[JobResult], path: Path) -> None:
    """Empty the score cells of ``path`` (nbgrader's ``grades.csv``) of the results that are no
    grade (``not graded``): nbgrader writes 0 for a submission its gradebook does not have."""
    blank = {(r.student_id, r.assignment_id) for r in results if not r.status.counts}
    if not blank or not path.exists():
        return
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    if not rows:
        return
    for row in rows:
        if (row.get("student_id"), row.get("assignment")) in blank:
            for column in ("raw_score", "late_submission_penalty", "score"):
                if column in row:
                    row[column] = ""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def not_graded_message(results: list[JobResult]) -> str:
    """One message for the results the machine could not grade (empty when there is none)."""
    missed = [r for r in results if not r.status.counts]
    if not missed:
        return ""
    return (f"{len(missed)} submission(s) NOT GRADED: the grading machine could not start their kernels, warm or "
            f"cold ({missed[0].reasons[0] if missed[0].reasons else 'no reason given'}). Nothing was recorded "
            "for them (no points in the gradebook, empty cells in the exports); fix the machine and run again: "
            "the next run grades them.")


def summary_line(results: list[JobResult]) -> str:
    counts = Counter(r.status.value for r in results)
    return ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))


def _num(value) -> str:
    return f"{float(value or 0):g}"
