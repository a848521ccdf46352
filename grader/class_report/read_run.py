"""Read what a grading run left in OUT into plain data: who scored what, on which exercise, and why.

The sources, each the record of its kind:

- ``gradebook.db`` (nbgrader's gradebook): the students, and every test cell's score; a manual
  grade given later in nbgrader counts, as in ``grades.csv``;
- ``template/source/<assignment>/*.ipynb`` (or the course): which cells make up each exercise;
- ``jobs/<student>/<assignment>/result.json`` (a ``JobResult``): whether each notebook was graded,
  timed out, crashed, was malformed, missing or flagged, why, and the message each failed test
  cell ended with;
- ``feedback/<student>/<assignment>/*.html``: the pages the report links to;
- ``files.csv``: the submitted files that were not graded, and why.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from grader.course.model import exercises, read_chapter
from grader.course.nbgrader_setup import COURSE_ID
from grader.records.jobs import JobResult, job_dir

NOT_GRADED = ("not graded", "missing", "malformed")  # no notebook ran: no score distribution, no messages


@dataclass(frozen=True)
class ExerciseInfo:
    """An exercise of an assignment: its notebook, its name, its cells and its points."""

    assignment_id: str
    notebook: str
    name: str
    answer_ids: tuple[str, ...]
    test_ids: tuple[str, ...]
    points: float

    @property
    def key(self) -> str:
        return f"{self.notebook}/{self.name}"

    @property
    def grade_ids(self) -> tuple[str, ...]:
        return self.answer_ids + self.test_ids


@dataclass
class Submission:
    """One student's result on one assignment."""

    student_id: str
    assignment_id: str
    status: str = "graded"
    score: float = 0.0
    max_score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    exercise_scores: dict[str, float] = field(default_factory=dict)  # ExerciseInfo.key -> points
    cell_scores: dict[str, tuple[float, float]] = field(default_factory=dict)  # nb/grade_id -> (got, max)
    messages: dict[str, str] = field(default_factory=dict)  # nb/grade_id of a test cell -> error
    diagnoses: dict[str, dict] = field(default_factory=dict)  # exercise -> the known mistake it behaves like
    feedback: list[str] = field(default_factory=list)  # paths relative to OUT


@dataclass
class ClassData:
    """Everything the report shows, read from one OUT folder."""

    out: Path
    assignments: list[str]
    exercises: dict[str, list[ExerciseInfo]]
    students: list[str]
    submissions: dict[tuple[str, str], Submission]
    not_placed: list[dict[str, str]] = field(default_factory=list)  # files.csv rows of files not graded

    def of(self, assignment_id: str) -> list[Submission]:
        return [self.submissions[(s, assignment_id)] for s in self.students
                if (s, assignment_id) in self.submissions]


def read_class(out: Path, course_dir: Path | None = None) -> ClassData:
    """Read ``out`` (a ``python -m grader autograde`` output folder)."""
    out = Path(out)
    submissions, students, assignments = _read_gradebook(_gradebook_url(out))
    found = {a: exercise_list(out, a, course_dir) for a in assignments}
    for sub in submissions.values():
        result = JobResult.read(job_dir(out, sub.student_id, sub.assignment_id) / "result.json")
        if result is not None:
            sub.status = result.status.value
            sub.reasons = list(result.reasons)
            sub.messages = dict(result.messages)
            sub.diagnoses = dict(result.diagnoses)
        for exercise in found[sub.assignment_id]:
            sub.exercise_scores[exercise.key] = sum(
                sub.cell_scores.get(f"{exercise.notebook}/{g}", (0.0, 0.0))[0]
                for g in exercise.grade_ids if f"{exercise.notebook}/{g}" in sub.cell_scores)
        folder = out / "feedback" / sub.student_id / sub.assignment_id
        sub.feedback = sorted(str(p.relative_to(out)) for p in folder.glob("*.html"))
    return ClassData(out, assignments, found, students, submissions, _not_placed(out / "files.csv"))


def _not_placed(path: Path) -> list[dict[str, str]]:
    """The rows of ``files.csv`` for files that were not graded (litter aside)."""
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
    except OSError:
        return []
    return [r for r in rows if not r.get("placed_as") and "litter" not in r.get("note", "")]


def exercise_list(out: Path, assignment_id: str, course_dir: Path | None = None) -> list[ExerciseInfo]:
    """The exercises of an assignment, from the run's template source, else from the course."""
    notebooks = sorted((Path(out) / "template" / "source" / assignment_id).glob("*.ipynb"))
    sources = [(p.stem, nbformat.read(p, as_version=4)) for p in notebooks]
    if not sources:
        from grader.i18n.chapters import all_chapters
        from grader.paths import COURSE_DIR

        for chapter in all_chapters(Path(course_dir or COURSE_DIR)):  # a translated edition's too
            if chapter.chapter_id == assignment_id:
                sources = [(chapter.chapter_id, read_chapter(chapter))]
    found = []
    for notebook, nb in sources:
        try:
            listed = exercises(nb)
        except ValueError:
            listed = []
        found += [ExerciseInfo(assignment_id, notebook, e.name, e.answer_ids, e.test_ids, e.points)
                  for e in listed]
    return found


def _gradebook_url(out: Path) -> str:
    """``OUT/gradebook.db``, or the server gradebook of an ``autograde --db-url`` run (its URL
    without the password, which libpq finds in ``~/.pgpass`` or ``PGPASSWORD``)."""
    server = out / "gradebook-server.json"
    if server.exists() and not (out / "gradebook.db").exists():
        url = json.loads(server.read_text()).get("db_url")
        if url:
            return url
    return f"sqlite:///{Path(out / 'gradebook.db').resolve()}"


def _read_gradebook(db_url: str):
    """Every (student, assignment) of the gradebook; no submission = missing, 0 (as grades.csv)."""
    from nbgrader.api import Gradebook

    submissions: dict[tuple[str, str], Submission] = {}
    with Gradebook(db_url, COURSE_ID) as gb:
        students = sorted(s.id for s in gb.students)
        assignments = sorted(a.name for a in gb.assignments)
        for assignment in gb.assignments:
            for student in students:
                submissions[(student, assignment.name)] = Submission(
                    student, assignment.name, status="missing", max_score=float(assignment.max_score))
            for sub in assignment.submissions:
                entry = submissions[(sub.student.id, assignment.name)]
                entry.status = "graded"
                entry.score = max(0.0, float(sub.score) - float(sub.late_submission_penalty or 0.0))
                for notebook in sub.notebooks:
                    for grade in notebook.grades:
                        entry.cell_scores[f"{notebook.name}/{grade.name}"] = (
                            float(grade.score or 0.0), float(grade.max_score or 0.0))
    return submissions, students, assignments
