"""A job's own gradebook, read as plain data.

Each job is graded in its own nbgrader course directory with its own SQLite gradebook, so workers
never write to a shared database. ``read_scores`` reads a graded job's grades as plain data (they
travel in its ``JobResult``); ``class_gradebook.ClassGradebook.merge`` puts results into the class
gradebook.
"""

from __future__ import annotations

from datetime import UTC

from nbgrader.api import Gradebook

from grader.course.nbgrader_setup import COURSE_ID


def read_scores(db_url: str, assignment_id: str, student_id: str) -> dict:
    """Per-cell grades and comments of a submission, as plain data."""
    with Gradebook(db_url, COURSE_ID) as gb:
        submission = gb.find_submission(assignment_id, student_id)
        cells = {}
        comments = {}
        penalties = {}
        for notebook in submission.notebooks:
            if notebook.late_submission_penalty:
                penalties[notebook.name] = float(notebook.late_submission_penalty)
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
        timestamp = (submission.timestamp.replace(tzinfo=UTC).isoformat(timespec="microseconds")
                     if submission.timestamp else None)
        return {"cells": cells, "comments": comments, "timestamp": timestamp,
                "score": submission.score, "max_score": submission.max_score,
                "late_seconds": float(submission.total_seconds_late or 0.0), "late_penalties": penalties}
