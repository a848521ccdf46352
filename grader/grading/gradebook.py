"""Read the grades of one graded job, and put them into the class gradebook.

Each job is graded in its own nbgrader course directory with its own SQLite gradebook, so
workers never write to a shared database. The main process alone merges every job's grades into
the class gradebook, one at a time (no lost or duplicated rows under concurrency), and does it
the same way every time (a re-run changes nothing). A job that could not be graded (missing,
malformed) gets a submission whose every grade is 0, as nbgrader does for a missing notebook.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry

from grader.course.model import exercises
from grader.course.nbgrader_setup import COURSE_ID


def read_scores(db_url: str, assignment_id: str, student_id: str) -> dict:
    """Per-cell grades and comments of a submission, as plain data."""
    with Gradebook(db_url, COURSE_ID) as gb:
        submission = gb.find_submission(assignment_id, student_id)
        cells = {}
        comments = {}
        for notebook in submission.notebooks:
            for grade in notebook.grades:
                cells[f"{notebook.name}/{grade.name}"] = {
                    "auto_score": grade.auto_score,
                    "manual_score": grade.manual_score,
                    "needs_manual_grade": bool(grade.needs_manual_grade),
                    "max_score": grade.max_score,
                }
            for comment in notebook.comments:
                if comment.auto_comment:
                    comments[f"{notebook.name}/{comment.name}"] = comment.auto_comment
        timestamp = submission.timestamp.isoformat() if submission.timestamp else None
        return {"cells": cells, "comments": comments, "timestamp": timestamp,
                "score": submission.score, "max_score": submission.max_score}


def exercise_scores(source_dir: Path, cells: dict) -> list[dict]:
    """Score and maximum of every exercise, from the source notebooks' ``exercise`` metadata."""
    rows = []
    for path in sorted(Path(source_dir).glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        try:
            found = exercises(nb)
        except ValueError:
            found = []
        for exercise in found:
            score = 0.0
            for grade_id in exercise.grade_ids:
                cell = cells.get(f"{path.stem}/{grade_id}")
                if cell is not None:
                    score += _score(cell)
            rows.append({"notebook": path.stem, "exercise": exercise.name,
                         "score": score, "max_score": exercise.points})
    return rows


def _score(cell: dict) -> float:
    if cell.get("manual_score") is not None:
        return float(cell["manual_score"])
    return float(cell.get("auto_score") or 0.0)


def merge_result(gb: Gradebook, result: dict) -> None:
    """Put one job's result into the class gradebook (idempotent)."""
    student, assignment = result["student_id"], result["assignment_id"]
    gb.update_or_create_student(student)
    timestamp = result.get("timestamp")
    kwargs = {"timestamp": datetime.fromisoformat(timestamp)} if timestamp else {}
    try:
        submission = gb.update_or_create_submission(assignment, student, **kwargs)
    except MissingEntry:
        return
    cells = result.get("cells", {})
    comments = result.get("comments", {})
    for notebook in submission.notebooks:
        for grade in notebook.grades:
            cell = cells.get(f"{notebook.name}/{grade.name}")
            if cell is None:  # not graded: missing or malformed
                grade.auto_score = 0.0
                grade.needs_manual_grade = False
            else:
                grade.auto_score = cell["auto_score"]
                grade.needs_manual_grade = cell["needs_manual_grade"]
                if grade.manual_score is None and cell.get("manual_score") is not None:
                    grade.manual_score = cell["manual_score"]
        for comment in notebook.comments:
            text = comments.get(f"{notebook.name}/{comment.name}")
            if text is not None:
                comment.auto_comment = text
    gb.db.commit()
