"""Grades back into the learning platform: the gradebook CSV that Canvas or Moodle imports.

``python -m grader export OUT --lms canvas|moodle [--roster roster.csv] [--per-exercise]``

- **Canvas** (Grades, Import): the columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``,
  ``Section``, then one column per assignment, and a second row, ``Points Possible``, with each
  column's maximum. Canvas matches a row by ``ID`` (its own user id) or the SIS ids; a column whose
  name is new becomes a new assignment.
- **Moodle** (Grades, Import, CSV file): one column that identifies the user (``Email address``,
  else ``ID number``, else ``Username``) and one column per grade item; the import page maps each
  column to a grade item, and the user column to the field of the same name.

Who is who on the platform comes from a roster CSV (one row per student: ``student_id``, the id
used in SUBMISSIONS, and any of ``name``, ``canvas_id``, ``sis_user_id``, ``sis_login_id``,
``section``, ``email``, ``idnumber``, ``username``), else from nbgrader's ``lms_user_id`` of the
student in the gradebook, else the student id itself. A student with no result scores 0, as in
``grades.csv``. With ``per_exercise`` each exercise gets a column too.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook

from grader.course.nbgrader_setup import COURSE_ID
from grader.grading.jobs import JobResult, job_dir

LMS = ("canvas", "moodle")
ROSTER_FIELDS = ("student_id", "name", "canvas_id", "sis_user_id", "sis_login_id", "section", "email",
                 "idnumber", "username")


@dataclass
class Student:
    """One student as the platform knows them."""

    student_id: str
    info: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> str:
        return self.info.get(key, "") or ""


def read_roster(path: Path | None) -> dict[str, Student]:
    if path is None:
        return {}
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    if rows and "student_id" not in rows[0]:
        raise SystemExit(f"{path}: the roster needs a student_id column (the ids used in SUBMISSIONS)")
    return {r["student_id"]: Student(r["student_id"], {k: (v or "").strip() for k, v in r.items() if k}) for r in rows}


def export(out: Path, lms: str, target: Path, roster: Path | None = None, per_exercise: bool = False,
           db_url: str | None = None) -> Path:
    """Write the import file for ``lms`` to ``target``; return its path."""
    if lms not in LMS:
        raise SystemExit(f"--lms must be one of {', '.join(LMS)}")
    out = Path(out)
    people = read_roster(roster)
    columns, maxima, scores, students = _scores(out, db_url or f"sqlite:///{(out / 'gradebook.db').resolve()}",
                                                per_exercise, people)
    rows = _canvas(columns, maxima, scores, students) if lms == "canvas" else _moodle(columns, scores, students)
    with open(target, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return Path(target)


def _scores(out: Path, db_url: str, per_exercise: bool, people: dict[str, Student]):
    """Column names (assignments, then exercises), their maxima, and each student's scores."""
    columns: list[str] = []
    maxima: dict[str, float] = {}
    scores: dict[str, dict[str, float]] = {}
    with Gradebook(db_url, COURSE_ID) as gb:
        students = {s.id: people.get(s.id) or Student(s.id, {"canvas_id": s.lms_user_id or "",
                                                             "name": _name(s)}) for s in gb.students}
        for assignment in sorted(gb.assignments, key=lambda a: a.name):
            columns.append(assignment.name)
            maxima[assignment.name] = float(assignment.max_score)
            for sub in assignment.submissions:
                scores.setdefault(sub.student.id, {})[assignment.name] = max(
                    0.0, float(sub.score) - float(sub.late_submission_penalty or 0.0))
    if per_exercise:
        for assignment in list(columns):
            for student_id in students:
                result = JobResult.read(job_dir(out, student_id, assignment) / "result.json")
                for row in result.exercises if result else []:
                    name = f"{assignment}: {row.exercise}"
                    if name not in maxima:
                        columns.append(name)
                        maxima[name] = row.max_score
                    scores.setdefault(student_id, {})[name] = row.score
    for student_id in people:  # on the roster, never graded: 0 everywhere
        students.setdefault(student_id, people[student_id])
    return columns, maxima, scores, [students[s] for s in sorted(students)]


def _name(student) -> str:
    parts = [student.last_name or "", student.first_name or ""]
    return ", ".join(p for p in parts if p) or student.id


def _canvas(columns, maxima, scores, students) -> list[list[str]]:
    rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *columns],
            ["Points Possible", "", "", "", "", *[_num(maxima[c]) for c in columns]]]
    for s in students:
        rows.append([s.get("name") or s.student_id, s.get("canvas_id"), s.get("sis_user_id"),
                     s.get("sis_login_id") or s.student_id, s.get("section"),
                     *[_num(scores.get(s.student_id, {}).get(c, 0.0)) for c in columns]])
    return rows


def _moodle(columns, scores, students) -> list[list[str]]:
    key = next((k for k, header in (("email", "Email address"), ("idnumber", "ID number"))
                if any(s.get(k) for s in students)), None)
    header = {"email": "Email address", "idnumber": "ID number", None: "Username"}[key]
    rows = [[header, *columns]]
    for s in students:
        who = s.get(key) if key else (s.get("username") or s.student_id)
        rows.append([who, *[_num(scores.get(s.student_id, {}).get(c, 0.0)) for c in columns]])
    return rows


def _num(value: float) -> str:
    return f"{float(value):g}"
