"""The class gradebook: nbgrader's, in SQLite (``OUT/gradebook.db``) or a server database.

Only the coordinator (the ``autograde`` process) writes it; workers grade into gradebooks of their
own. Results are merged in batches, one transaction per batch, with a few bulk statements per
batch (``_merge``) rather than nbgrader's ORM calls per result, so the coordinator keeps up with
hundreds of worker cores. Merging is idempotent (a result merged twice leaves the same rows), so a
run killed between a result and its merge heals on the next run, which merges every current result
again.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from nbgrader.api import (
    Assignment,
    BaseCell,
    Comment,
    Grade,
    Gradebook,
    Notebook,
    Student,
    SubmittedAssignment,
    SubmittedNotebook,
    new_uuid,
)
from nbgrader.plugins.export import CsvExportPlugin
from nbgrader.utils import parse_utc
from sqlalchemy import bindparam, create_engine, insert, make_url, select, update
from sqlalchemy.pool import NullPool

from grader.course.nbgrader_setup import COURSE_ID, NbgraderCourse
from grader.files import write_atomic
from grader.pipeline.template_course import TemplateCourse
from grader.records.jobs import JobResult

#: Ids per look-up (``WHERE id IN (...)``): well below any database's limit of bound parameters.
CHUNK = 500


class ClassGradebook:
    """The class gradebook at ``db_url``."""

    def __init__(self, db_url: str):
        self.db_url = db_url
        self._engine = None

    @classmethod
    def open(cls, out: Path, template: TemplateCourse, db_url: str | None = None) -> ClassGradebook:
        """The run's gradebook, with every assignment of ``template`` defined and current."""
        if db_url:
            return cls(_server(db_url, Path(out), template))
        return cls(_sqlite(Path(out), template))

    def merge(self, results: list[JobResult]) -> None:
        """Put ``results`` into the gradebook, in one transaction (all of them or none). A result
        that is no grade (``not graded``: the machine could not run it) puts nothing there."""
        results = [r for r in results if r.status.counts]
        if not results:
            return
        with self._connect().begin() as connection:
            _merge(connection, results)

    def _connect(self):
        """The gradebook's engine, made once: it keeps its compiled statements (and a server's
        connection) from batch to batch. A SQLite file is opened for each batch (nothing stays
        open between batches); a server connection is checked before it is used again."""
        if self._engine is None:
            if make_url(self.db_url).get_backend_name() == "sqlite":
                self._engine = create_engine(self.db_url, poolclass=NullPool)
            else:
                self._engine = create_engine(self.db_url, pool_size=1, pool_pre_ping=True)
        return self._engine

    def sqlite_path(self) -> Path | None:
        """The gradebook's file, when it is SQLite (None for a server database)."""
        url = make_url(self.db_url)
        return Path(url.database).resolve() if url.get_backend_name() == "sqlite" and url.database else None

    def terms(self, assignment_ids: list[str], student_ids: list[str]) -> dict[tuple[str, str], dict]:
        """nbgrader's deadline terms of each (student, assignment) that has any: the assignment's
        ``duedate`` and the student's ``extension`` (ISO 8601 and seconds), as the instructor set them
        in this gradebook (Formgrader, ``nbgrader db assignment add --duedate``, the service's
        ``grant``). A grade is computed on them by nbgrader's late-penalty step."""
        found: dict[tuple[str, str], dict] = {}
        with self._connect().connect() as connection:
            duedates = {}
            for chunk in _chunks(assignment_ids):
                for row in connection.execute(select(_ASSIGNMENT.c.name, _ASSIGNMENT.c.id, _ASSIGNMENT.c.duedate)
                                              .where(_ASSIGNMENT.c.name.in_(chunk))):
                    duedates[row.id] = (row.name, row.duedate)
            for student in student_ids:
                for name, duedate in duedates.values():
                    if duedate is not None:
                        found[(student, name)] = {"duedate": _iso(duedate)}
            for chunk in _chunks(student_ids):
                for row in connection.execute(
                        select(_SUBMISSION.c.student_id, _SUBMISSION.c.assignment_id, _SUBMISSION.c.extension)
                        .where(_SUBMISSION.c.student_id.in_(chunk), _SUBMISSION.c.extension.is_not(None),
                               _SUBMISSION.c.assignment_id.in_(list(duedates)))):
                    name = duedates[row.assignment_id][0]
                    found.setdefault((row.student_id, name), {})["extension_seconds"] = \
                        row.extension.total_seconds()
        return found

    def recorded(self, student_id: str, assignment_id: str) -> tuple[float, float] | None:
        """(score after the late penalty, max score) of a submission, as nbgrader computes it (a
        score set by hand counts); None when there is none."""
        from nbgrader.api import MissingEntry

        with Gradebook(self.db_url, COURSE_ID) as gb:
            try:
                submission = gb.find_submission(assignment_id, student_id)
            except MissingEntry:
                return None
            penalty = float(submission.late_submission_penalty or 0.0)
            return max(0.0, float(submission.score) - penalty), float(submission.max_score)

    def export_csv(self, path: Path) -> None:
        """nbgrader's grades CSV, through its own export plugin."""
        plugin = CsvExportPlugin()
        plugin.to = str(path)
        with Gradebook(self.db_url, COURSE_ID) as gb:
            plugin.export(gb)


# -- merging -------------------------------------------------------------------------------------
#
# What a merge does, result by result (in order: a later result for the same submission in one
# batch sees what the earlier one wrote), is what nbgrader's own calls did for each result:
# ``update_or_create_student``, ``update_or_create_submission`` (with the result's timestamp, in
# UTC, when it has one), then on every grade of the submission the result's auto score and
# needs_manual_grade (0 and False for a cell the result did not grade: missing, malformed, not run),
# its manual score only where there is none yet (a score set by hand in Formgrader survives every
# regrade and resubmission), on every comment the result's text when it has one, and on every
# submitted notebook nbgrader's late penalty of the result (its extension, which the instructor
# sets, is only read: ``terms``). A new submission is made as nbgrader's ``add_submission`` makes
# it: a submitted notebook per notebook of the assignment, a grade per grade cell and task cell, a
# comment per solution cell and task cell. A result of an assignment the gradebook lacks leaves only
# its student. Here the batch's
# existing rows are read with one query per table, changed in memory, and written back with one
# statement per table: new rows inserted, changed ones updated.

_STUDENT, _ASSIGNMENT, _NOTEBOOK, _CELL = (Student.__table__, Assignment.__table__, Notebook.__table__,
                                           BaseCell.__table__)
_SUBMISSION, _SUBMITTED_NOTEBOOK = SubmittedAssignment.__table__, SubmittedNotebook.__table__
_GRADE, _COMMENT = Grade.__table__, Comment.__table__
_GRADED, _COMMENTED = ("GradeCell", "TaskCell"), ("SolutionCell", "TaskCell")  # add_submission's


@dataclass
class _Row:
    """A grade or a comment of a submission: its row's values, as read and as merged."""

    key: str  # "notebook/cell", as a result names it
    id: str
    values: dict
    read: dict | None = None  # None: a new row

    def changed(self) -> bool:
        return self.read != self.values


@dataclass
class _Submission:
    """A submitted assignment: read from the gradebook, or new (its rows not yet written)."""

    id: str
    timestamp: datetime | None
    grades: list[_Row] = field(default_factory=list)
    comments: list[_Row] = field(default_factory=list)
    notebooks: list[dict] = field(default_factory=list)  # submitted notebooks to insert (new only)
    read_timestamp: datetime | None = None
    new: bool = False
    penalties: list[_Row] = field(default_factory=list)  # submitted notebooks: their late penalty


def _merge(connection, results: list[JobResult]) -> None:
    """Put ``results`` into the gradebook through ``connection`` (in its transaction)."""
    students = list(dict.fromkeys(r.student_id for r in results))
    known = set()
    for chunk in _chunks(students):
        known.update(connection.scalars(select(_STUDENT.c.id).where(_STUDENT.c.id.in_(chunk))))
    if len(known) < len(students):
        connection.execute(insert(_STUDENT), [{"id": s} for s in students if s not in known])

    assignment_ids = {}  # name -> id, of the assignments the gradebook has
    for chunk in _chunks(sorted({r.assignment_id for r in results})):
        assignment_ids.update(connection.execute(
            select(_ASSIGNMENT.c.name, _ASSIGNMENT.c.id).where(_ASSIGNMENT.c.name.in_(chunk))).all())
    if not assignment_ids:
        return
    names = {v: k for k, v in assignment_ids.items()}
    layouts = _layouts(connection, list(assignment_ids.values()))
    submissions = _submissions(connection, assignment_ids, names,
                               [s for s in students if s in known])

    for result in results:
        if result.assignment_id not in assignment_ids:
            continue
        timestamp = parse_utc(datetime.fromisoformat(result.timestamp)) if result.timestamp else None
        key = (result.assignment_id, result.student_id)
        submission = submissions.get(key)
        if submission is None:
            submission = submissions[key] = _new_submission(layouts[assignment_ids[result.assignment_id]],
                                                            timestamp)
        elif timestamp is not None:
            submission.timestamp = timestamp
        for grade in submission.grades:
            values, cell = grade.values, result.cells.get(grade.key)
            if cell is None:  # not graded: missing or malformed, or the cell never ran
                values["auto_score"], values["needs_manual_grade"] = 0.0, False
            else:
                values["auto_score"] = cell["auto_score"]
                values["needs_manual_grade"] = cell["needs_manual_grade"]
                if values["manual_score"] is None and cell.get("manual_score") is not None:
                    values["manual_score"] = cell["manual_score"]
        for comment in submission.comments:
            text = result.comments.get(comment.key)
            if text is not None:
                comment.values["auto_comment"] = text
        for notebook in submission.penalties:  # nbgrader's late penalty, of this result
            notebook.values["late_submission_penalty"] = result.late_penalties.get(notebook.key) or None
    _store(connection, assignment_ids, submissions)


def _layouts(connection, assignment_ids: list[str]) -> dict[str, list[tuple]]:
    """Per assignment id: its notebooks as (id, name, [(graded cell id, name)], [(commented cell id,
    name)]), what ``add_submission`` mirrors in a new submission."""
    notebooks = {}
    for chunk in _chunks(assignment_ids):
        for row in connection.execute(select(_NOTEBOOK.c.id, _NOTEBOOK.c.name, _NOTEBOOK.c.assignment_id)
                                      .where(_NOTEBOOK.c.assignment_id.in_(chunk))):
            notebooks[row.id] = (row.assignment_id, row.name, [], [])
    for chunk in _chunks(list(notebooks)):
        for row in connection.execute(select(_CELL.c.id, _CELL.c.name, _CELL.c.notebook_id, _CELL.c.type)
                                      .where(_CELL.c.notebook_id.in_(chunk))):
            _, _, graded, commented = notebooks[row.notebook_id]
            if row.type in _GRADED:
                graded.append((row.id, row.name))
            if row.type in _COMMENTED:
                commented.append((row.id, row.name))
    layouts = {a: [] for a in assignment_ids}
    for notebook_id, (assignment_id, name, graded, commented) in notebooks.items():
        layouts[assignment_id].append((notebook_id, name, graded, commented))
    return layouts


def _new_submission(layout: list[tuple], timestamp: datetime | None) -> _Submission:
    """A submission as ``add_submission`` makes it, before any grade is set."""
    submission = _Submission(new_uuid(), timestamp, new=True)
    for notebook_id, name, graded, commented in layout:
        submitted = new_uuid()
        row = {"id": submitted, "assignment_id": submission.id, "notebook_id": notebook_id, "flagged": False,
               "late_submission_penalty": None}
        submission.notebooks.append(row)
        submission.penalties.append(_Row(name, submitted, row))
        for cell_id, cell in graded:
            submission.grades.append(_Row(f"{name}/{cell}", new_uuid(), {
                "notebook_id": submitted, "cell_id": cell_id, "auto_score": None, "manual_score": None,
                "extra_credit": None, "needs_manual_grade": True}))
        for cell_id, cell in commented:
            submission.comments.append(_Row(f"{name}/{cell}", new_uuid(), {
                "notebook_id": submitted, "cell_id": cell_id, "auto_comment": None, "manual_comment": None}))
    return submission


def _submissions(connection, assignment_ids: dict, names: dict, students: list[str]) -> dict:
    """The submissions the gradebook has of these students for these assignments, with their grades
    and comments, by (assignment name, student id)."""
    found: dict[tuple, _Submission] = {}
    for chunk in _chunks(students):
        for row in connection.execute(
                select(_SUBMISSION.c.id, _SUBMISSION.c.assignment_id, _SUBMISSION.c.student_id,
                       _SUBMISSION.c.timestamp)
                .where(_SUBMISSION.c.assignment_id.in_(list(assignment_ids.values())),
                       _SUBMISSION.c.student_id.in_(chunk))):
            found[(names[row.assignment_id], row.student_id)] = _Submission(
                row.id, row.timestamp, read_timestamp=row.timestamp)
    by_id = {s.id: s for s in found.values()}
    sn, nb, cell = _SUBMITTED_NOTEBOOK, _NOTEBOOK, _CELL
    for chunk in _chunks(list(by_id)):
        notebooks = (select(sn.c.id, sn.c.assignment_id, sn.c.late_submission_penalty, nb.c.name)
                     .select_from(sn.outerjoin(nb, sn.c.notebook_id == nb.c.id)).where(sn.c.assignment_id.in_(chunk)))
        for row in connection.execute(notebooks):
            values = {"late_submission_penalty": row.late_submission_penalty}
            by_id[row.assignment_id].penalties.append(_Row(row.name, row.id, values, dict(values)))
        grades = (select(_GRADE.c.id, _GRADE.c.auto_score, _GRADE.c.manual_score, _GRADE.c.needs_manual_grade,
                         sn.c.assignment_id, nb.c.name.label("notebook"), cell.c.name.label("cell"))
                  .select_from(_GRADE.join(sn, _GRADE.c.notebook_id == sn.c.id)
                               .outerjoin(nb, sn.c.notebook_id == nb.c.id)
                               .outerjoin(cell, _GRADE.c.cell_id == cell.c.id))
                  .where(sn.c.assignment_id.in_(chunk)))
        for row in connection.execute(grades):
            values = {"auto_score": row.auto_score, "manual_score": row.manual_score,
                      "needs_manual_grade": row.needs_manual_grade}
            by_id[row.assignment_id].grades.append(
                _Row(f"{row.notebook}/{row.cell}", row.id, values, dict(values)))
        comments = (select(_COMMENT.c.id, _COMMENT.c.auto_comment, sn.c.assignment_id,
                           nb.c.name.label("notebook"), cell.c.name.label("cell"))
                    .select_from(_COMMENT.join(sn, _COMMENT.c.notebook_id == sn.c.id)
                                 .outerjoin(nb, sn.c.notebook_id == nb.c.id)
                                 .outerjoin(cell, _COMMENT.c.cell_id == cell.c.id))
                    .where(sn.c.assignment_id.in_(chunk)))
        for row in connection.execute(comments):
            values = {"auto_comment": row.auto_comment}
            by_id[row.assignment_id].comments.append(
                _Row(f"{row.notebook}/{row.cell}", row.id, values, dict(values)))
    return found


def _store(connection, assignment_ids: dict, submissions: dict) -> None:
    """New rows inserted, changed rows updated: one statement per table (and kind of change)."""
    new = [(key, s) for key, s in submissions.items() if s.new]
    if new:
        connection.execute(insert(_SUBMISSION), [
            {"id": s.id, "assignment_id": assignment_ids[a], "student_id": student, "timestamp": s.timestamp,
             "extension": None} for (a, student), s in new])
        connection.execute(insert(_SUBMITTED_NOTEBOOK), [n for _, s in new for n in s.notebooks])
        grades = [{"id": g.id, **g.values} for _, s in new for g in s.grades]
        if grades:
            connection.execute(insert(_GRADE), grades)
        comments = [{"id": c.id, **c.values} for _, s in new for c in s.comments]
        if comments:
            connection.execute(insert(_COMMENT), comments)
    old = [s for s in submissions.values() if not s.new]
    stamped = [{"b_id": s.id, "b_timestamp": s.timestamp} for s in old if s.timestamp != s.read_timestamp]
    if stamped:
        connection.execute(update(_SUBMISSION).where(_SUBMISSION.c.id == bindparam("b_id"))
                           .values(timestamp=bindparam("b_timestamp")), stamped)
    grades = [{"b_id": g.id, **{f"b_{k}": v for k, v in g.values.items()}}
              for s in old for g in s.grades if g.changed()]
    if grades:
        connection.execute(update(_GRADE).where(_GRADE.c.id == bindparam("b_id")).values(
            auto_score=bindparam("b_auto_score"), manual_score=bindparam("b_manual_score"),
            needs_manual_grade=bindparam("b_needs_manual_grade")), grades)
    penalties = [{"b_id": n.id, "b_penalty": n.values["late_submission_penalty"]}
                 for s in old for n in s.penalties if n.changed()]
    if penalties:
        connection.execute(update(_SUBMITTED_NOTEBOOK).where(_SUBMITTED_NOTEBOOK.c.id == bindparam("b_id"))
                           .values(late_submission_penalty=bindparam("b_penalty")), penalties)
    comments = [{"b_id": c.id, "b_auto_comment": c.values["auto_comment"]}
                for s in old for c in s.comments if c.changed()]
    if comments:
        connection.execute(update(_COMMENT).where(_COMMENT.c.id == bindparam("b_id"))
                           .values(auto_comment=bindparam("b_auto_comment")), comments)


def _chunks(items: list) -> list[list]:
    return [items[i:i + CHUNK] for i in range(0, len(items), CHUNK)]


def _sqlite(out: Path, template: TemplateCourse) -> str:
    """``OUT/gradebook.db``: made from the template, remade (the old one kept in ``OUT/history``)
    when an assignment's source changed since it was made."""
    db = out / "gradebook.db"
    stamp = out / "gradebook.json"
    known = _read(stamp)
    changed = [a for a, f in template.fingerprints.items() if known.get(a) not in (None, f)]
    missing = [a for a in template.fingerprints if a not in known]
    if db.exists() and changed:
        keep = out / "history" / f"gradebook-{now_slug()}.db"
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(db, keep)
    url = f"sqlite:///{db}"
    if not db.exists():
        shutil.copy2(template.gradebook, db)
        known = {}
    elif missing:
        course = NbgraderCourse(template.root, db_url=url)
        for assignment_id in missing:
            course.generate_assignment(assignment_id)
    known.update(template.fingerprints)
    _write(stamp, known)
    return url


def _server(db_url: str, out: Path, template: TemplateCourse) -> str:
    """A gradebook in a server database (``--db-url``, e.g. PostgreSQL): nbgrader makes its
    tables; an assignment it lacks is added, one whose source changed since this OUT last saw it is
    updated in place by nbgrader (grades already there are kept)."""
    db_url = with_driver(db_url)
    with Gradebook(db_url, COURSE_ID) as gb:
        known = {a.name for a in gb.assignments}
    stamp = out / "gradebook-server.json"
    seen = _read(stamp)
    course = NbgraderCourse(template.root, db_url=db_url)
    for assignment_id in sorted(template.fingerprints):
        if assignment_id not in known or seen.get(assignment_id) != template.fingerprints[assignment_id]:
            course.generate_assignment(assignment_id)
    where = make_url(db_url).set(password=None).render_as_string(hide_password=False)
    _write(stamp, {**seen, **template.fingerprints, "db_url": where})
    return db_url


def with_driver(db_url: str) -> str:
    """``postgresql://`` with the driver that is installed (SQLAlchemy 2.1 defaults to psycopg 3;
    the ``cluster`` extra installs psycopg2-binary)."""
    import importlib.util

    if db_url.startswith("postgresql://") and importlib.util.find_spec("psycopg") is None \
            and importlib.util.find_spec("psycopg2") is not None:
        return "postgresql+psycopg2://" + db_url[len("postgresql://"):]
    return db_url


def _iso(value: datetime) -> str:
    """A gradebook time (naive UTC, as nbgrader stores it) as ISO 8601 with its zone."""
    return value.replace(tzinfo=UTC).isoformat(timespec="microseconds")


def now_slug() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def _write(path: Path, data: dict) -> None:
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True))
