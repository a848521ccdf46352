"""``ClassGradebook.merge`` (batched, a few bulk statements per batch) leaves exactly the rows that
merging one result at a time through nbgrader's ORM helpers left (``reference_merge`` below: the
coordinator's merge as it was, kept here as the definition of what a merge does).

Fast: a real template gradebook of chapter 0 (``TemplateCourse.prepare``, from the template cache), two
copies of it, synthetic ``JobResult``s of every status, no notebook is run.
"""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from datetime import datetime

import pytest
from nbgrader.api import Gradebook, MissingEntry
from sqlalchemy import create_engine, text
from support.classes import CHAPTER

from grader.course.model import find_chapters
from grader.course.nbgrader_setup import COURSE_ID
from grader.gradebook import class_gradebook
from grader.gradebook.class_gradebook import ClassGradebook
from grader.paths import COURSE_DIR
from grader.pipeline.template_course import TemplateCourse
from grader.records.jobs import JobResult, Status

NB = CHAPTER  # chapter 0 has one notebook, named like the chapter
EXTRA_NB = "extra"  # a second notebook, added to both gradebooks by the test
UNKNOWN = "99_not_an_assignment"


# -- the reference: the per-result merge through nbgrader's ORM, as the coordinator did it ------

def reference_merge_result(gb: Gradebook, result: JobResult) -> None:
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
        notebook.late_submission_penalty = result.late_penalties.get(notebook.name) or None
    gb.db.commit()


@contextmanager
def _one_transaction(gb: Gradebook):
    session = gb.db
    session.commit = session.flush
    try:
        yield
    except BaseException:
        del session.commit
        session.rollback()
        raise
    del session.commit
    session.commit()


def reference_merge(db_url: str, results: list[JobResult]) -> None:
    if not results:
        return
    with Gradebook(db_url, COURSE_ID) as gb, _one_transaction(gb):
        for result in results:
            reference_merge_result(gb, result)


# -- the class ----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def template(tmp_path_factory):
    chapters = [c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER]
    return TemplateCourse.prepare(tmp_path_factory.mktemp("template"), chapters)


def _cells(template) -> dict[str, list[str]]:
    """Chapter 0's grade cells, solution cells (sorted names) and the grade cells' points."""
    with Gradebook(f"sqlite:///{template.gradebook}", COURSE_ID) as gb:
        [notebook] = gb.find_assignment(CHAPTER).notebooks
        grades = sorted(c.name for c in notebook.grade_cells)
        solutions = sorted(c.name for c in notebook.solution_cells)
        points = {c.name: float(c.max_score) for c in notebook.grade_cells}
    assert len(grades) >= 3 and solutions, "chapter 0 has graded exercises"
    return {"grades": grades, "solutions": solutions, "points": points}


def _extend(db_url: str) -> None:
    """What chapter 0 lacks and other assignments may have: a task cell (a grade and a comment per
    submission), a second notebook with a manually graded answer; a student known before any merge
    (with names) and a submission an instructor made by hand."""
    with Gradebook(db_url, COURSE_ID) as gb:
        gb.add_task_cell("reflection", NB, CHAPTER, max_score=1.0, cell_type="markdown")
        gb.add_notebook(EXTRA_NB, CHAPTER)
        gb.add_grade_cell("essay", EXTRA_NB, CHAPTER, max_score=2.0, cell_type="markdown")
        gb.add_solution_cell("essay", EXTRA_NB, CHAPTER)
        gb.add_student("known", first_name="Kim", last_name="Known", email="kim@example.org")
        gb.add_student("byhand", first_name="Hal")
        gb.add_submission(CHAPTER, "byhand", timestamp="2026-11-01 08:00:00")


def _result(template, student: str, status: Status = Status.GRADED, earned: dict | None = None,
            comments: dict | None = None, timestamp: str | None = None, manual: dict | None = None,
            needs_manual: set | None = None, assignment: str = CHAPTER) -> JobResult:
    """A result with ``earned`` ("notebook/cell" -> auto score) for its cells; no ``earned`` means no
    cells at all (missing, malformed, a crashed worker)."""
    cells = {}
    for key, score in (earned or {}).items():
        cells[key] = {"auto_score": score, "manual_score": (manual or {}).get(key),
                      "needs_manual_grade": key in (needs_manual or set()), "max_score": 9.0}
    score = sum(s for s in (earned or {}).values() if s is not None)
    return JobResult(student, assignment, "f" * 64, template.fingerprints[CHAPTER],
                     template.max_scores[CHAPTER], status=status, score=float(score), cells=cells,
                     comments=dict(comments or {}), timestamp=timestamp)


def _batches(template) -> list[list[JobResult]]:
    """Three merges: every kind of result; regrades; everything merged again (what a resumed run
    does with the results it already had)."""
    names = _cells(template)
    g = [f"{NB}/{c}" for c in names["grades"]]
    s = {c: f"{NB}/{c}" for c in names["solutions"]}
    task, essay = f"{NB}/reflection", f"{EXTRA_NB}/essay"
    full = {f"{NB}/{c}": p for c, p in names["points"].items()}
    partial = {g[0]: 1.0, g[1]: 0.0, g[2]: 0.0}
    first = [
        _result(template, "alice", earned=full | {task: None, essay: None}, needs_manual={task, essay},
                timestamp="2026-11-28T09:15:00"),
        _result(template, "bob", earned=partial, comments={s["central_difference"]: "No response.",
                                                   s["numerical_gradient"]: "No response."},
                timestamp="2026-11-28T10:00:00+01:00"),  # nbgrader keeps it as naive UTC
        _result(template, "carol", Status.MISSING),
        _result(template, "dave", Status.MALFORMED),
        dataclasses.replace(_result(template, "erin", Status.TIMED_OUT, earned={g[0]: 1.0},  # the later
                                    timestamp="2026-11-28T10:30:00-02:00"),  # cells never ran; late
                            late_penalties={NB: 1.0}),
        dataclasses.replace(_result(template, "frank", Status.CRASHED), fingerprint=None,
                            reasons=["worker died"]),
        _result(template, "gina", Status.FLAGGED, earned=full | {essay: 1.5}, manual={essay: 1.5},
                needs_manual={essay}),
        _result(template, "known", earned=partial, comments={s["forward_difference"]: "Hello"}),
        # a manual score only where there is none yet
        _result(template, "byhand", earned=full, manual={f"{NB}/forward_difference_tests": 0.5}),
        _result(template, "henry", assignment=UNKNOWN, earned=full),  # a student, no submission
        _result(template, "ivan", earned=partial),  # twice in one batch: the later one wins
        _result(template, "ivan", earned=full, comments={s["forward_difference"]: "twice in one batch"}),
        dataclasses.replace(_result(template, "judy", earned={g[0]: 1.0, "nope/unknown_cell": 5.0}),
                            score=1.0),  # a cell the gradebook does not know is ignored
    ]
    second = [
        dataclasses.replace(_result(template, "bob", earned=full, timestamp="2026-11-29T12:00:00"),
                            late_penalties={NB: 2.0}),  # regraded, late: comments kept, the penalty set
        dataclasses.replace(_result(template, "erin", earned={g[0]: 1.0}), late_penalties={}),  # no longer late
        _result(template, "alice", earned=partial),  # no timestamp: the old one stays
        _result(template, "carol", earned=partial, comments={s["numerical_gradient"]: "No response."}),  # now submitted
        _result(template, "gina", Status.GRADED, earned=full | {essay: 0.5}, manual={essay: 2.0},
                needs_manual={essay}),  # the manual score 1.5 stays
        _result(template, "frank", Status.CRASHED, earned={g[0]: 1.0}),
        _result(template, "kate", Status.MISSING),
    ]
    latest = {r.key: r for r in first + second}
    return [first, second, list(latest.values())]


def _between(db_url: str) -> None:
    """Between the first and second merge, an instructor grades by hand and a grade row goes
    missing (a submission made before a cell was added has none for it)."""
    engine = create_engine(db_url)
    with engine.begin() as c:
        c.execute(text(
            "UPDATE grade SET manual_score = 0.25, extra_credit = 0.5 WHERE id IN ("
            " SELECT g.id FROM grade g JOIN submitted_notebook sn ON g.notebook_id = sn.id"
            " JOIN submitted_assignment sa ON sn.assignment_id = sa.id JOIN base_cell c ON g.cell_id = c.id"
            " WHERE sa.student_id = 'bob' AND c.name = :cell)"), {"cell": "central_difference_tests"})
        c.execute(text(
            "UPDATE comment SET manual_comment = 'see me' WHERE id IN ("
            " SELECT m.id FROM comment m JOIN submitted_notebook sn ON m.notebook_id = sn.id"
            " JOIN submitted_assignment sa ON sn.assignment_id = sa.id WHERE sa.student_id = 'bob')"))
        c.execute(text(
            "DELETE FROM grade WHERE id IN ("
            " SELECT g.id FROM grade g JOIN submitted_notebook sn ON g.notebook_id = sn.id"
            " JOIN submitted_assignment sa ON sn.assignment_id = sa.id JOIN base_cell c ON g.cell_id = c.id"
            " WHERE sa.student_id = 'alice' AND c.name = 'reflection')"))
    engine.dispose()


def _rows(db_url: str) -> dict[str, list[tuple]]:
    """Every row the merge can write, by natural keys (no generated ids), and every table's size."""
    engine = create_engine(db_url)
    joins = ("FROM submitted_notebook sn JOIN submitted_assignment sa ON sn.assignment_id = sa.id"
             " JOIN assignment a ON sa.assignment_id = a.id JOIN notebook n ON sn.notebook_id = n.id")
    queries = {
        "students": "SELECT id, first_name, last_name, email, lms_user_id FROM student",
        "submissions": "SELECT a.name, sa.student_id, sa.timestamp, sa.extension FROM submitted_assignment sa"
                       " JOIN assignment a ON sa.assignment_id = a.id",
        "notebooks": f"SELECT a.name, sa.student_id, n.name, sn.flagged, sn.late_submission_penalty {joins}",
        "grades": "SELECT a.name, sa.student_id, n.name, c.name, c.type, g.auto_score, g.manual_score,"
                  f" g.extra_credit, g.needs_manual_grade {joins}"
                  " JOIN grade g ON g.notebook_id = sn.id JOIN base_cell c ON g.cell_id = c.id",
        "comments": "SELECT a.name, sa.student_id, n.name, c.name, c.type, m.auto_comment, m.manual_comment"
                    f" {joins} JOIN comment m ON m.notebook_id = sn.id JOIN base_cell c ON m.cell_id = c.id",
    }
    with engine.connect() as c:
        rows = {name: sorted((tuple(r) for r in c.execute(text(q))), key=repr) for name, q in queries.items()}
        tables = [r[0] for r in c.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))]
        rows["sizes"] = sorted((t, c.execute(text(f'SELECT count(*) FROM "{t}"')).scalar()) for t in tables)
    engine.dispose()
    return rows


@pytest.fixture(scope="module")
def merged(template, tmp_path_factory):
    """The class merged both ways: (reference gradebook, batched gradebook, the batches)."""
    batches = _batches(template)
    books = []
    for way in ("reference", "batched"):
        gradebook = ClassGradebook.open(tmp_path_factory.mktemp(way), template)
        _extend(gradebook.db_url)
        for i, batch in enumerate(batches):
            if i == 1:
                _between(gradebook.db_url)
            if way == "reference":
                reference_merge(gradebook.db_url, batch)
            else:
                gradebook.merge(batch)
        books.append(gradebook)
    return books[0], books[1], batches


def test_batched_merge_writes_the_rows_the_reference_wrote(merged):
    reference, batched, _ = merged
    expected, got = _rows(reference.db_url), _rows(batched.db_url)
    assert expected["grades"], "the reference merged something"
    for table in expected:
        assert got[table] == expected[table], table


def test_the_reference_did_what_the_docs_say(merged):
    """The reference's behaviour, spelled out where it is not obvious (both gradebooks hold it)."""
    reference, batched, _ = merged
    for gradebook in (reference, batched):
        rows = _rows(gradebook.db_url)
        students = {r[0] for r in rows["students"]}
        assert {"henry", "kate", "known", "byhand"} <= students  # a student even without a submission
        assert ("Kim", "Known") == next(r[1:3] for r in rows["students"] if r[0] == "known")
        submitted = {r[1]: r[2] for r in rows["submissions"]}
        assert "henry" not in submitted
        assert submitted["bob"] == "2026-11-29 12:00:00.000000"
        assert submitted["erin"] == "2026-11-28 12:30:00.000000"  # in UTC, as nbgrader keeps it
        assert submitted["alice"] == "2026-11-28 09:15:00.000000"  # a result without a time keeps it
        assert submitted["carol"] is None
        comments = {(r[1], r[3]): r[5:] for r in rows["comments"]}
        assert comments[("bob", "central_difference")] == ("No response.", "see me")  # kept on regrade
        assert comments[("ivan", "forward_difference")] == ("twice in one batch", None)
        grades = {(r[1], r[3], r[4]): r[5:9] for r in rows["grades"]}
        assert grades[("bob", "central_difference_tests", "GradeCell")] == (1.0, 0.25, 0.5, False)
        assert grades[("gina", "essay", "GradeCell")] == (0.5, 1.5, None, True)
        assert grades[("byhand", "forward_difference_tests", "GradeCell")][:2] == (1.0, 0.5)
        assert grades[("carol", "reflection", "TaskCell")] == (0.0, None, None, False)
        assert ("alice", "reflection", "TaskCell") not in grades  # a missing row is not made again
        penalties = {(r[1], r[2]): r[4] for r in rows["notebooks"]}
        assert penalties[("bob", NB)] == 2.0  # nbgrader's late penalty of the latest result
        assert penalties[("erin", NB)] is None  # late at first, not any more
        assert penalties[("alice", NB)] is None


def test_nbgrader_reads_the_merged_gradebook(merged):
    _, batched, batches = merged
    latest = batches[-1]
    with Gradebook(batched.db_url, COURSE_ID) as gb:
        for result in latest:
            if result.assignment_id == UNKNOWN:
                with pytest.raises(MissingEntry):
                    gb.find_submission(UNKNOWN, result.student_id)
                continue
            submission = gb.find_submission(CHAPTER, result.student_id)
            if result.student_id in ("bob", "gina", "byhand"):  # scores by hand count over the result's
                continue
            assert submission.score == pytest.approx(result.score), result.student_id
        # bob's regrade: forward 1 + central by hand (0.25 + 0.5 extra credit) + gradient 2
        assert gb.find_submission(CHAPTER, "bob").score == pytest.approx(1.0 + 0.75 + 2.0)
        assert gb.find_submission(CHAPTER, "gina").needs_manual_grade is True
        assert gb.find_student("known").first_name == "Kim"


def test_csv_export_is_the_same(merged, tmp_path):
    reference, batched, _ = merged
    reference.export_csv(tmp_path / "reference.csv")
    batched.export_csv(tmp_path / "batched.csv")
    expected = (tmp_path / "reference.csv").read_text()
    assert expected.count("\n") > 10
    assert (tmp_path / "batched.csv").read_text() == expected


def test_merging_again_changes_nothing(merged):
    _, batched, batches = merged
    before = _rows(batched.db_url)
    batched.merge(batches[-1])
    batched.merge([])
    assert _rows(batched.db_url) == before


def test_a_failed_merge_writes_nothing(template, tmp_path):
    """One transaction per batch: a result that cannot be written undoes the whole batch."""
    gradebook = ClassGradebook.open(tmp_path, template)
    before = _rows(gradebook.db_url)
    names = _cells(template)
    good = _result(template, "zoe", earned={f"{NB}/{names['grades'][0]}": 1.0})
    bad = _result(template, "yves", earned={f"{NB}/{names['grades'][0]}": 1.0})
    bad.cells[f"{NB}/{names['grades'][0]}"].pop("auto_score")
    with pytest.raises(KeyError):
        gradebook.merge([good, bad])
    assert _rows(gradebook.db_url) == before


@pytest.mark.parametrize("size", [1, 23])
def test_batches_of_any_size(template, tmp_path, size, monkeypatch):
    """One result, and more than fit in one look-up (the runner merges every earlier result at
    once when it resumes: look-ups go in chunks, below any database's limit of bound parameters)."""
    monkeypatch.setattr(class_gradebook, "CHUNK", 4)
    names = _cells(template)
    key = f"{NB}/{names['grades'][0]}"
    results = [_result(template, f"s{i:04d}", earned={key: 1.0}) for i in range(size)]
    (tmp_path / "reference").mkdir()
    (tmp_path / "batched").mkdir()
    reference_book = ClassGradebook.open(tmp_path / "reference", template)
    batched = ClassGradebook.open(tmp_path / "batched", template)
    reference_merge(reference_book.db_url, results)
    batched.merge(results)
    assert _rows(batched.db_url) == _rows(reference_book.db_url)
