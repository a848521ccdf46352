"""Grades back into the learning platform: the gradebook CSV that Canvas or Moodle imports.

``python -m grader export OUT --lms canvas|moodle [--roster roster.csv] [--ids-are FIELD]
[--per-exercise] [--allow-incomplete]``

- **Canvas** (Grades, Import): the columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login ID``,
  ``Section``, then one column per chapter, and a second row, ``Points Possible``, with each
  column's maximum. Canvas matches a row by ``ID`` (its own user id) or the SIS ids; a column whose
  name is new becomes a new assignment.
- **Moodle** (Grades, Import, CSV file): one column that identifies the user (``Email address``,
  ``ID number`` or ``Username``) and one column per grade item; the import page maps each column
  to a grade item, and the user column to the field of the same name.

A chapter is one column whatever edition a student took (``00_finite_differences`` for
``zh_00_finite_differences`` too, ``grader.i18n.editions.chapter_key``): of a student's editions
of a chapter the one submitted counts, or the latest when several were and their times tell.

An export never guesses, and says per student what it could not do:

- **Who is who** comes from a roster CSV (``student_id``, the id used in SUBMISSIONS, and any of
  ``name``, ``canvas_id``, ``sis_user_id``, ``sis_login_id``, ``section``, ``email``, ``idnumber``,
  ``username``), else from nbgrader's ``lms_user_id`` (Canvas's ``ID``), else from ``--ids-are``,
  which states what the student ids are on the platform (``sis_login_id``, ``email``, ...). A
  student with no platform identifier is a problem. Moodle's one identifier column is the first
  of email, ID number and username that every student has; when none covers everyone, the one
  that covers most, and the others are problems.
- **What is a grade**: only a graded notebook's score (after nbgrader's late penalty), or one an
  instructor reviewed in nbgrader (any manual score). A notebook held for review, timed out,
  crashed or malformed and not yet reviewed is *not graded yet*: its cell is left empty, never 0,
  and it is a problem. A student who submitted nothing, or who is on the roster but not in the
  gradebook, gets an empty cell too, with a warning (posting a 0 for a missing submission is the
  instructor's decision, made on the platform).

With problems, nothing is written and the command exits 1, listing them; ``--allow-incomplete``
writes the file anyway (problem cells empty, students without an identifier left out) and
still lists them. Every cell goes through ``csv_safe``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path

from nbgrader.api import Gradebook

from grader import csv_safe
from grader.course.nbgrader_setup import COURSE_ID
from grader.errors import UsageError
from grader.i18n.editions import chapter_key
from grader.records.jobs import JobResult, Status, job_dir

LMS = ("canvas", "moodle")
ROSTER_FIELDS = ("student_id", "name", "canvas_id", "sis_user_id", "sis_login_id", "section", "email",
                 "idnumber", "username")
ID_FIELDS = ("canvas_id", "sis_user_id", "sis_login_id", "email", "idnumber", "username")
CANVAS_IDS = ("canvas_id", "sis_user_id", "sis_login_id")
MOODLE_IDS = (("email", "Email address"), ("idnumber", "ID number"), ("username", "Username"))


@dataclass
class Student:
    """One student as the platform knows them."""

    student_id: str
    info: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> str:
        return self.info.get(key, "") or ""


@dataclass
class Export:
    """What an export made: the rows, and what it could not do (per student)."""

    rows: list[list[str]]
    problems: list[str] = field(default_factory=list)  # something left out or not graded yet: exit 1
    warnings: list[str] = field(default_factory=list)  # said, and exported as it is


class ExportIncomplete(SystemExit):
    """Problems were found and ``allow_incomplete`` was not given: nothing was written."""


def read_roster(path: Path | None) -> dict[str, Student]:
    if path is None:
        return {}
    try:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            rows = list(csv.DictReader(handle))
    except OSError as error:
        raise UsageError(f"--roster {path}: {error.strerror}") from error
    if rows and "student_id" not in rows[0]:
        raise UsageError(f"{path}: the roster needs a student_id column (the ids used in SUBMISSIONS)")
    return {r["student_id"]: Student(r["student_id"], {k: (v or "").strip() for k, v in r.items() if k}) for r in rows}


def export(out: Path, lms: str, target: Path, roster: Path | None = None, per_exercise: bool = False,
           db_url: str | None = None, ids_are: str | None = None, allow_incomplete: bool = False,
           log=print) -> Path:
    """Write the import file for ``lms`` to ``target`` and return its path; print every problem and
    warning through ``log``. Raises ``ExportIncomplete`` when there are problems and
    ``allow_incomplete`` is false (nothing is written then)."""
    if lms not in LMS:
        raise UsageError(f"--lms must be one of {', '.join(LMS)}")
    if ids_are is not None and ids_are not in ID_FIELDS:
        raise UsageError(f"--ids-are must be one of {', '.join(ID_FIELDS)}")
    out = Path(out)
    if db_url is None and not (out / "gradebook.db").exists():
        raise UsageError(f"{out}: no gradebook.db (the --out folder of an autograde run; --db-url for a server)")
    made = build(out, lms, read_roster(roster), per_exercise, db_url or f"sqlite:///{(out / 'gradebook.db').resolve()}",
                 ids_are)
    for line in made.warnings:
        log(f"warning: {line}")
    for line in made.problems:
        log(f"problem: {line}")
    if made.problems and not allow_incomplete:
        raise ExportIncomplete(f"{len(made.problems)} problem(s) above: nothing was written. Fix them (a roster, "
                               "--ids-are, grading or reviewing the notebooks), or write the file without those "
                               "cells and students with --allow-incomplete")
    with open(target, "w", newline="", encoding="utf-8") as handle:
        csv_safe.writer(handle).writerows(made.rows)
    return Path(target)


def build(out: Path, lms: str, people: dict[str, Student], per_exercise: bool, db_url: str,
          ids_are: str | None = None) -> Export:
    """The rows of the import file and the problems met (nothing is written here)."""
    made = Export([])
    columns, maxima, scores, students = _scores(out, db_url, per_exercise, people, ids_are, made)
    made.rows = (_canvas(columns, maxima, scores, students, made) if lms == "canvas"
                 else _moodle(columns, scores, students, made))
    return made


def _scores(out: Path, db_url: str, per_exercise: bool, people: dict[str, Student], ids_are: str | None,
            made: Export):
    """Column names (assignments, then exercises), their maxima, each student's exportable scores
    (a missing key is an empty cell), and the students."""
    columns: list[str] = []
    maxima: dict[str, float] = {}
    scores: dict[str, dict[str, float]] = {}
    with Gradebook(db_url, COURSE_ID) as gb:
        students = {}
        for s in gb.students:
            info = dict(people[s.id].info) if s.id in people else {"name": _name(s)}
            if not info.get("canvas_id") and s.lms_user_id:
                info["canvas_id"] = s.lms_user_id
            if ids_are and not info.get(ids_are):
                info[ids_are] = s.id
            students[s.id] = Student(s.id, info)
        submitted: dict[tuple[str, str], list] = {}
        for assignment in sorted(gb.assignments, key=lambda a: a.name):
            column = chapter_key(assignment.name)  # a chapter's editions are one column
            if column not in maxima:
                columns.append(column)
                maxima[column] = float(assignment.max_score)
            for sub in assignment.submissions:
                submitted.setdefault((sub.student.id, column), []).append((assignment.name, sub))
        columns.sort()
        for student_id in sorted(students):
            for column in list(columns):
                chosen = _one_edition(out, student_id, column, submitted.get((student_id, column), []), made)
                if chosen is None:
                    continue
                assignment, sub = chosen
                result = JobResult.read(job_dir(out, student_id, assignment) / "result.json")
                if not _exportable(student_id, assignment, sub, result, made):
                    continue
                scores.setdefault(student_id, {})[column] = max(
                    0.0, float(sub.score) - float(sub.late_submission_penalty or 0.0))
                if per_exercise and result is not None:
                    for row in result.exercises:
                        name = f"{column}: {row.exercise}"
                        maxima.setdefault(name, row.max_score)
                        scores[student_id][name] = row.score
    if per_exercise:
        columns = _exercise_order(columns, maxima)
    for student_id in sorted(set(people) - set(students)):
        made.warnings.append(f"{student_id}: on the roster but not in the gradebook (nothing graded): cells left empty")
        students[student_id] = people[student_id]
    return columns, maxima, scores, [students[s] for s in sorted(students)]


def _one_edition(out: Path, student_id: str, chapter: str, entries: list, made: Export):
    """The one submission of ``chapter`` that counts, of the editions the student has in the
    gradebook (``(assignment, submission)``): the only one submitted, or the latest when several
    were submitted and their times tell; otherwise a problem, and None."""
    if len(entries) <= 1:
        return entries[0] if entries else (chapter, None)
    real = [(a, sub) for a, sub in entries
            if (r := JobResult.read(job_dir(out, student_id, a) / "result.json")) is None or r.status != Status.MISSING]
    if len(real) <= 1:
        return real[0] if real else entries[0]
    times = [sub.timestamp for _, sub in real]
    if all(times) and len(set(times)) == len(times):
        return max(real, key=lambda entry: entry[1].timestamp)
    names = ", ".join(a for a, _ in real)
    made.problems.append(f"{student_id}: {chapter} was submitted in several editions ({names}) and their times do "
                         "not tell which is the latest: cell left empty")
    return None


def _exportable(student_id: str, assignment: str, sub, result: JobResult | None, made: Export) -> bool:
    """Whether the gradebook's score of this submission is a grade (module doc); says why not."""
    if result is not None and not result.status.counts:
        made.problems.append(f"{student_id}: {assignment} is not graded yet (the grading machine could not run it): "
                             "cell left empty")
        return False
    if sub is None or (result is not None and result.status == Status.MISSING):
        made.warnings.append(f"{student_id}: submitted nothing for {assignment}: cell left empty")
        return False
    reviewed = any(g.manual_score is not None for nb in sub.notebooks for g in nb.grades)
    if result is None or result.status == Status.GRADED or reviewed:
        return True
    why = result.reasons[0] if result.reasons else ""
    made.problems.append(f"{student_id}: {assignment} is {result.status.value} and not reviewed in nbgrader "
                         f"(not graded yet): cell left empty{f' ({why})' if why else ''}")
    return False


def _exercise_order(columns: list[str], maxima: dict) -> list[str]:
    """Assignments first, then each assignment's exercises in the order the results list them."""
    assignments = [c for c in columns if ": " not in c]
    exercises = [c for c in maxima if ": " in c]
    return assignments + [e for a in assignments for e in exercises if e.startswith(a + ": ")]


def _name(student) -> str:
    parts = [student.last_name or "", student.first_name or ""]
    return ", ".join(p for p in parts if p) or student.id


def _cell(scores: dict[str, float], column: str) -> str:
    return _num(scores[column]) if column in scores else ""


def _canvas(columns, maxima, scores, students, made: Export) -> list[list[str]]:
    rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", *columns],
            ["Points Possible", "", "", "", "", *[_num(maxima[c]) for c in columns]]]
    for s in students:
        if not any(s.get(k) for k in CANVAS_IDS):
            made.problems.append(f"{s.student_id}: no Canvas ID, SIS User ID or SIS Login ID (roster, nbgrader's "
                                 "lms_user_id or --ids-are): left out")
            continue
        mine = scores.get(s.student_id, {})
        rows.append([s.get("name") or s.student_id, s.get("canvas_id"), s.get("sis_user_id"),
                     s.get("sis_login_id"), s.get("section"), *[_cell(mine, c) for c in columns]])
    return rows


def _moodle(columns, scores, students, made: Export) -> list[list[str]]:
    coverage = [(sum(bool(s.get(k)) for s in students), -i, k, header)
                for i, (k, header) in enumerate(MOODLE_IDS)]
    count, _, key, header = max(coverage)
    if count == 0:
        made.problems.append("no student has an email, ID number or username (roster or --ids-are): nothing to "
                             "identify them by")
    rows = [[header, *columns]]
    for s in students:
        if not s.get(key):
            made.problems.append(f"{s.student_id}: no {header.lower()} (the column this file identifies students "
                                 "by, which most students have): left out")
            continue
        mine = scores.get(s.student_id, {})
        rows.append([s.get(key), *[_cell(mine, c) for c in columns]])
    return rows


def _num(value: float) -> str:
    return f"{float(value):g}"
