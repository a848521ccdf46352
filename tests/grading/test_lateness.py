"""A submission's time is the received time a receiving party vouches for, never the student's stamp;
nbgrader's late-submission rules apply to it (``grader/intake/received.py``).

One class of two perfect notebooks of chapter 0 is graded with a due date in the class gradebook
and nbgrader's ``zero`` rule: ``late`` was received (the instructor's ``--received-times``) after
the due date though its ``timestamp.txt`` says before; ``unvouched`` has no received time (two
notebooks, graded side by side: about 20 s on 2 cores). That new terms (an extension) regrade with
the same seed, and reading a learning platform's zip, need no grading.
"""

from __future__ import annotations

import csv
import zipfile

import pytest
from nbgrader.api import Gradebook
from support.classes import CHAPTER, base, write_class

from grader.course.model import find_chapters
from grader.gradebook.class_gradebook import ClassGradebook
from grader.intake import received
from grader.intake.submissions import open_submissions
from grader.intake.zip_uploads import PLATFORM_TIMES
from grader.paths import COURSE_DIR
from grader.pipeline.template_course import TemplateCourse
from grader.records.settings import GradingSettings
from grader.run.class_run import _received_times, autograde

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-lateness")]

DUE = "2026-11-30T12:00:00+00:00"
RECEIVED = "2026-11-30T13:30:00+00:00"  # 90 minutes late, by the exchange's (or the platform's) clock
STUDENTS_CLOCK = "2026-11-30 11:00:00.000000 UTC"  # what the student's own submit client wrote


def _iso(text: str) -> str:
    return received.iso(received.parse_time(text))


def _received_csv(path, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, ["student_id", "assignment_id", "received_at"])
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("lateness")
    stamps = {"timestamp.txt": STUDENTS_CLOCK}
    submissions = write_class(root / "submissions", {"late": base("perfect"), "unvouched": base("perfect")},
                              {"late": stamps, "unvouched": stamps})
    out = root / "out"
    chapters = [c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER]
    gradebook = ClassGradebook.open(out, TemplateCourse.prepare(out, chapters))  # the due date is nbgrader's
    with Gradebook(gradebook.db_url, "autograd-course") as gb:
        gb.update_or_create_assignment(CHAPTER, duedate=DUE)
    times = _received_csv(root / "received.csv", [{"student_id": "late", "assignment_id": CHAPTER,
                                                   "received_at": RECEIVED}])
    settings = GradingSettings(jobs=2, cell_timeout=20, diagnose=False, late_penalty="zero")
    first = {r.student_id: r for r in autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None,
                                                received_times=times)}
    with open(out / "grades.csv") as handle:
        grades = {r["student_id"]: r for r in csv.DictReader(handle)}
    with open(out / "status.csv") as handle:
        status = {r["student_id"]: r for r in csv.DictReader(handle)}
    page = (out / "feedback" / "late" / CHAPTER / f"{CHAPTER}.html").read_text()
    return {"first": first, "grades": grades, "status": status, "page": page}


def test_nbgrader_late_rule_applies_to_the_received_time_not_the_students_stamp(graded):
    late = graded["first"]["late"]
    assert late.score == 4 and late.late_penalty == 4 and late.final_score == 0  # zero: the score is the penalty
    assert late.late_seconds == 90 * 60 and late.timestamp == received.iso(received.parse_time(RECEIVED))
    assert late.received_by == received.INSTRUCTOR and late.student_stamp.startswith("2026-11-30T11:00:00")
    assert any("your computer's clock) says 2026-11-30 11:00:00 UTC, 2.5 h before" in r for r in late.reasons)
    assert any("received 90 min after the due date; nbgrader's late penalty: 4 point(s)" in r for r in late.reasons)
    row = graded["grades"]["late"]  # nbgrader's own CSV, from the class gradebook
    assert (float(row["raw_score"]), float(row["late_submission_penalty"]), float(row["score"])) == (4, 4, 0)
    assert row["timestamp"].startswith("2026-11-30 13:30:00") and row["duedate"].startswith("2026-11-30 12:00:00")


def test_without_a_received_time_no_penalty_and_the_stamp_is_only_shown(graded):
    unvouched = graded["first"]["unvouched"]
    assert unvouched.late_penalty == 0 and unvouched.final_score == 4 and unvouched.received_by is None
    assert any("received time unknown, so no late penalty was applied" in r for r in unvouched.reasons)
    assert graded["grades"]["unvouched"]["timestamp"] in ("", "None")  # the student's clock is not the gradebook's


def test_status_csv_and_the_feedback_show_the_times_and_the_penalty(graded):
    row = graded["status"]["late"]
    assert row["received_by"] == received.INSTRUCTOR and row["received_at"].startswith("2026-11-30T13:30:00")
    assert row["nbgrader_stamp"].startswith("2026-11-30T11:00:00") and row["late_penalty"] == "4"
    page = graded["page"]
    assert "Received:</b> 2026-11-30 13:30:00 UTC (by the instructor" in page
    assert "nbgrader's stamp (your computer's clock): 2026-11-30 11:00:00 UTC" in page and "late penalty" in page


def test_new_terms_regrade_with_the_same_seed_and_nothing_else(graded, tmp_path):
    """An extension (or a new due date, or received time) changes a job's terms: its result is
    no longer current, it is graded again with its seed; a result on the same terms is kept."""
    from dataclasses import replace

    from grader.records.jobs import JobSpec, job_dir
    from grader.run.class_run import _current_results

    first = graded["first"]
    out = tmp_path / "out"
    specs = []
    for student, result in first.items():
        job = job_dir(out, student, CHAPTER)
        job.mkdir(parents=True)
        (job / "result.json").write_text(result.to_json())
        specs.append(JobSpec(student, CHAPTER, "x", result.fingerprint, result.course_fingerprint, 4.0, str(out), "",
                             GradingSettings(), None, received_at=_iso(RECEIVED) if student == "late" else None,
                             duedate=_iso(DUE)))
    late = next(s for s in specs if s.student_id == "late")
    specs[specs.index(late)] = replace(late, extension_seconds=7200.0)  # the instructor grants two hours
    log = []
    kept, todo = _current_results(out, specs, log.append)
    assert set(kept) == {f"unvouched/{CHAPTER}"} and [s.student_id for s in todo] == ["late"]
    assert todo[0].seed == first["late"].seed  # the same hidden inputs
    assert "1 regraded" in log[0] and (out / "history.jsonl").is_file()  # the old result kept in history


def test_a_platforms_zip_names_carry_its_received_times(tmp_path):
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for stamp in ("2026-11-28-09-15-00", "2026-11-29-10-00-00"):  # two attempts: the later is graded
            zf.writestr(f"{CHAPTER}_alice_attempt_{stamp}_{CHAPTER}.ipynb", "{}")
    intake = open_submissions(archive, tmp_path / "out", {CHAPTER: {CHAPTER}})
    root = intake.root
    assert (root / PLATFORM_TIMES).is_file()
    times = _received_times(root, None)
    assert times[("alice", CHAPTER)] == received.Received("2026-11-29T10:00:00.000000+00:00", received.PLATFORM)
    vouched = _received_csv(tmp_path / "mine.csv", [{"student_id": "alice", "assignment_id": CHAPTER,
                                                     "received_at": "2026-11-29 09:00:00"}])
    assert _received_times(root, vouched)[("alice", CHAPTER)].by == received.INSTRUCTOR  # the instructor's wins


def test_a_received_times_file_that_says_nothing_clear_is_refused(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("student_id,assignment_id,received_at\nalice,00_x,yesterday-ish\n")
    with pytest.raises(SystemExit, match="line 2: 'yesterday-ish' is not a time"):
        received.read_received_times(bad)
    bad.write_text("student,when\nalice,2026-11-29\n")
    with pytest.raises(SystemExit, match="need the column"):
        received.read_received_times(bad)
