"""Between a job's own gradebook and the class gradebook.

Each job is graded in its own nbgrader course directory with its own SQLite gradebook, so workers
never write to a shared database. ``read_scores`` reads a graded job's grades as plain data;
``merge_result`` puts one ``JobResult`` into the class gradebook (``ClassGradebook`` calls it for
each result of a batch), the same way every time (a re-run changes nothing). A job that could not
be graded (missing, malformed) gets a submission whose every grade is 0, as nbgrader does for a
missing notebook.
"""

from __future__ import annotations

from datetime import datetime

from nbgrader.api import Gradebook, MissingEntry

from grader.course.nbgrader_setup import COURSE_ID
from grader.grading.jobs import JobResult


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


def merge_result(gb: Gradebook, result: JobResult) -> None:
    """Put one job's result into an open class gradebook (idempotent)."""
    gb.update_or_create_student(result.student_id)
    kwargs = {"timestamp": datetime.fromisoformat(result.timestamp)} if result.timestamp else {}
    try:
        submission = gb.update_or_create_submission(result.assignment_id, result.student_id, **kwargs)
    except MissingEntry:
        return
    for notebook in submission.notebooks:
        for grade in notebook.grades:
            cell = result.cells.get(f"{notebook.name}/{grade.name}")
            if cell is None:  # not graded: missing or malformed
                grade.auto_score = 0.0
                grade.needs_manual_grade = False
            else:
                grade.auto_score = cell["auto_score"]
                grade.needs_manual_grade = cell["needs_manual_grade"]
                if grade.manual_score is None and cell.get("manual_score") is not None:
                    grade.manual_score = cell["manual_score"]
        for comment in notebook.comments:
            text = result.comments.get(f"{notebook.name}/{comment.name}")
            if text is not None:
                comment.auto_comment = text
    gb.db.commit()
