"""The grading service without a hub (``grader/service``): what it collects and what it never
does (the issue's forgeries among them), the attempt rules, its ledger across a restart, a grader
that fails, what reaches the gradebook, Formgrader and the exports, and its pages.

No notebook runs here (the hub's browser test grades for real): a submission is folders and
files made as root and given to made-up users' ids; grading is a stand-in pool or the real
``grade_job`` returning a result it already has. About 20 s, most of it one template course.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path

import nbformat
import pytest

from grader.course.model import find_chapters, read_chapter
from grader.intake import received
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR
from grader.records.jobs import JobResult, Status, job_dir
from grader.service import commands
from grader.service import ledger as states
from grader.service.attempt_pages import Chapter, Queue, instructor_page, student_page
from grader.service.attempt_policy import admit, counting
from grader.service.config import AttemptPolicy, ServiceConfig
from grader.service.copies import notebook_digests
from grader.service.feedback_delivery import page_name
from grader.service.inbound import NotReady, collect, content_fingerprint
from grader.service.ledger import Ledger
from grader.service.watch import Watcher

CHAPTER = "00_finite_differences"
NB = f"{CHAPTER}.ipynb"
ADA, BOB = 5001, 5002  # made-up users' ids (no system account needed)
NAMES = {ADA: "ada", BOB: "bob"}

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="makes files owned by other users' ids (needs root)")


# -- an exchange and submissions --------------------------------------------------------------

@pytest.fixture
def config(tmp_path) -> ServiceConfig:
    exchange = tmp_path / "exchange"
    for folder in ("inbound", "feedback", f"outbound/{CHAPTER}"):
        (exchange / "autograd-course" / folder).mkdir(parents=True)
    (tmp_path / "course").mkdir()
    return ServiceConfig(exchange=exchange, course_root=tmp_path / "course", state=tmp_path / "state",
                         settle_seconds=0.0, instructors=("teacher",),
                         default_policy=AttemptPolicy(attempts=2, window_hours=24, counts="best"))


class FakeGrader:
    """What the watcher asks of the grader: which chapters there are, their notebooks' digests."""

    def __init__(self, config: ServiceConfig, tmp_path: Path):
        self.config, self.ledger, self.logged, self.notices = config, Ledger(config.ledger_path), [], []
        chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER)
        self.source = tmp_path / "source" / NB
        self.source.parent.mkdir(parents=True)
        nbformat.write(read_chapter(chapter), self.source)

    def log(self, text):
        self.logged.append(text)

    def knows(self, assignment):
        return assignment == CHAPTER

    def chapter_digests(self, assignment):
        return notebook_digests(self.source.parent), notebook_digests(ASSIGNMENTS_DIR / CHAPTER)

    def release_notice(self, attempt, status, message):
        self.notices.append((attempt.id, status, message))


@pytest.fixture
def watcher(config, tmp_path) -> Watcher:
    config.attempts_dir.mkdir(parents=True)
    return Watcher(FakeGrader(config, tmp_path), owner_name=NAMES.get)


def release_notebook() -> nbformat.NotebookNode:
    return nbformat.read(ASSIGNMENTS_DIR / CHAPTER / NB, as_version=4)


def answered(text: str) -> nbformat.NotebookNode:
    """The release with a marker in its first code cell: a notebook a student made."""
    nb = release_notebook()
    next(c for c in nb.cells if c.cell_type == "code").source += f"\n# {text}\n"
    return nb


def submit(config, student: str, uid: int, nb=None, stamp: str = "2026-11-30 10:00:00.000000 UTC",
           tail: str = "r4nd0m", secret: str = "s3cret", extra=None) -> Path:
    """An inbound folder as nbgrader's submit makes it, as the user ``uid``."""
    folder = config.inbound / f"{student}+{CHAPTER}+{stamp}+{tail}"
    folder.mkdir()
    if nb is not None:
        nbformat.write(nb, folder / NB)
    (folder / "timestamp.txt").write_text(stamp)
    (folder / "submission_secret.txt").write_text(secret)
    if extra:
        extra(folder)
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            os.chown(path, uid, uid)
    os.chmod(folder, 0o777)  # as nbgrader's submit leaves it
    return folder


def stored(config, attempt) -> Path:
    return config.attempts_dir / attempt.folder / "submitted"


# -- collect: what the student really sent, as the student ------------------------------------

def test_a_folder_in_a_classmates_name_dated_2099_is_kept_aside_and_changes_nothing(config, watcher):
    real = submit(config, "bob", BOB, answered("bob's own work"))
    forged = submit(config, "bob", ADA, release_notebook(), stamp="2099-01-01 00:00:00.000000 UTC", tail="x")
    before = {p.name: p.read_bytes() for p in forged.iterdir()}
    assert watcher.scan() == 1
    [attempt] = watcher.ledger.attempts()
    assert (attempt.student, attempt.inbound) == ("bob", real.name)
    assert json.loads((stored(config, attempt) / NB).read_text()) == json.loads((real / NB).read_text())
    [aside] = watcher.ledger.aside()
    assert aside.inbound == forged.name and aside.owner == "ada"
    assert "owned by ada, not by bob" in aside.reason
    assert {p.name: p.read_bytes() for p in forged.iterdir()} == before  # kept aside, untouched
    assert watcher.scan() == 0  # and not looked at again


def test_a_link_to_the_source_or_to_a_classmates_notebook_is_never_followed(config, watcher, tmp_path):
    classmate = submit(config, "bob", BOB, answered("BOB-ANSWERS"))
    source = watcher.grader.source  # the instructor's source notebook, solutions included

    def links(folder):
        (folder / NB).symlink_to(source)
        (folder / "bobs.ipynb").symlink_to(classmate / NB)
        (folder / "data").symlink_to(source.parent, target_is_directory=True)

    submit(config, "ada", ADA, None, tail="links", extra=links)
    watcher.scan()
    ada = watcher.ledger.attempts(student="ada")[0]
    taken = stored(config, ada)
    assert sorted(p.name for p in taken.iterdir()) == ["timestamp.txt"]  # nothing through a link
    solution = source.read_text()
    for path in taken.rglob("*"):
        assert "BOB-ANSWERS" not in path.read_text() and path.read_text() not in solution
    assert sorted(n.split(":")[0] for n in ada.notes) == sorted(["bobs.ipynb", "data", NB])
    assert all("a symbolic link, left out" in n for n in ada.notes)


def test_only_the_submitters_regular_files_are_taken(config, watcher):
    def others(folder):
        (folder / "extra.py").write_text("x = 1\n")
        (folder / "pipe").parent.mkdir(exist_ok=True)
        os.mkfifo(folder / "pipe")  # opening it would wait forever
        (folder / "sub").mkdir()
        (folder / "sub" / "mine.txt").write_text("mine")

    folder = submit(config, "ada", ADA, answered("ada"), extra=others)
    os.chown(folder / "extra.py", BOB, BOB)  # a classmate's file, put there (the folder is 0777)
    started = time.monotonic()
    watcher.scan()
    assert time.monotonic() - started < 10, "a pipe was opened"
    [attempt] = watcher.ledger.attempts()
    taken = sorted(str(p.relative_to(stored(config, attempt))) for p in stored(config, attempt).rglob("*"))
    assert taken == [NB, "sub", "sub/mine.txt", "timestamp.txt"]
    notes = " | ".join(attempt.notes)
    assert "extra.py: belongs to bob, not to the submitter" in notes and "pipe: not a regular file" in notes


def test_the_feedback_secret_is_the_services_own(config, watcher):
    submit(config, "ada", ADA, answered("ada"), secret="a secret ada chose")
    watcher.scan()
    [attempt] = watcher.ledger.attempts()
    assert not (stored(config, attempt) / "submission_secret.txt").exists()  # never taken
    assert attempt.secret != "a secret ada chose" and len(attempt.secret) == 64
    assert page_name(attempt.secret, CHAPTER) != page_name("a secret ada chose", CHAPTER)


def test_the_time_is_the_exchanges_not_the_students_clock(config, watcher):
    before = time.time()
    folder = submit(config, "ada", ADA, answered("ada"), stamp="2099-01-01 00:00:00.000000 UTC")
    watcher.scan()
    [attempt] = watcher.ledger.attempts()
    at = received.parse_time(attempt.received_at).timestamp()
    assert before - 1 <= at <= time.time() and at == pytest.approx(os.lstat(folder).st_ctime, abs=1e-3)
    assert attempt.stamp.startswith("2099-01-01")  # nbgrader's stamp, kept beside it
    note = received.clock_note(attempt.received_at, attempt.stamp)
    assert note and "2099-01-01" in note and "after the time it was received" in note


def test_a_folder_1200_deep_is_set_aside_and_a_classmates_submission_is_still_collected(config, watcher):
    poison = submit(config, "bob", BOB, answered("bob"))
    deep = str(poison)
    for _ in range(1200):  # as the student, inside their own inbound folder
        deep = os.path.join(deep, "d")
        os.mkdir(deep)
        os.chown(deep, BOB, BOB)
    honest = submit(config, "ada", ADA, answered("ada"), tail="honest")
    try:
        assert watcher.scan() == 1
        [attempt] = watcher.ledger.attempts()
        assert (attempt.student, attempt.inbound) == ("ada", honest.name)
        [aside] = watcher.ledger.aside()
        assert aside.inbound == poison.name and aside.claimed == "bob"
        assert "nested deeper than" in aside.reason, aside.reason
        assert watcher.scan() == 0  # looked at once, not on every scan
    finally:
        while deep != str(poison):  # removed without recursion (pytest's clean-up recurses)
            os.rmdir(deep)
            deep = os.path.dirname(deep)


def test_a_submission_still_being_written_waits_for_the_next_look(config, watcher):
    folder = submit(config, "ada", ADA, answered("ada"))
    with pytest.raises(NotReady):
        collect(folder, ADA, config.state / "scratch", settle_seconds=60)
    config.settle_seconds = 60
    assert watcher.scan() == 0 and not watcher.ledger.attempts()
    config.settle_seconds = 0
    assert watcher.scan() == 1


def test_an_identical_resubmission_is_not_a_new_attempt(config, watcher):
    submit(config, "ada", ADA, answered("v1"), stamp="2026-11-30 10:00:00.000000 UTC", tail="a")
    watcher.scan()
    submit(config, "ada", ADA, answered("v1"), stamp="2026-11-30 10:05:00.000000 UTC", tail="b")
    watcher.scan()
    first, second = watcher.ledger.attempts()
    assert (first.state, second.state, second.same_as) == (states.QUEUED, states.UNCHANGED, first.id)
    assert content_fingerprint(stored(config, first)) == content_fingerprint(stored(config, second))


def test_a_copy_of_the_source_or_of_a_classmates_notebook_is_held_but_the_release_is_not(config, watcher):
    source = nbformat.read(watcher.grader.source, as_version=4)
    submit(config, "ada", ADA, source, tail="a")  # the solutions, as a regular file, saved again
    submit(config, "bob", BOB, answered("bob"), tail="b")
    watcher.scan()
    submit(config, "carl", 5003, answered("bob"), tail="c")  # bob's notebook, copied
    submit(config, "dora", 5004, release_notebook(), tail="d")  # untouched, as many are
    submit(config, "emil", 5005, release_notebook(), tail="e")
    watcher.owner_name = {**NAMES, 5003: "carl", 5004: "dora", 5005: "emil"}.get
    watcher.scan()
    fate = {a.student: (a.state, a.reason) for a in watcher.ledger.attempts()}
    assert fate["ada"][0] == states.HELD and "source notebook" in fate["ada"][1]
    assert fate["carl"][0] == states.HELD and "bob submitted" in fate["carl"][1]
    assert fate["bob"][0] == fate["dora"][0] == fate["emil"][0] == states.QUEUED
    held = {a.id for a in watcher.ledger.attempts(states=(states.HELD,))}
    assert {n[0] for n in watcher.grader.notices if n[1] == "held for review"} == held  # Fetch Feedback says so


def test_a_class_at_the_deadline_is_graded_in_order_of_arrival(config, watcher):
    names = {**NAMES, **{6000 + i: f"s{i}" for i in range(5)}}
    watcher.owner_name = names.get
    order = [3, 0, 4, 1, 2]  # names sort otherwise than they arrive
    for i in order:
        submit(config, f"s{i}", 6000 + i, answered(f"s{i}"), tail=f"t{i}")
        time.sleep(0.01)  # each folder changes (arrives) at its own moment
    assert watcher.scan() == 5
    queue = watcher.ledger.queue()
    assert [a.student for a in queue] == [f"s{i}" for i in order]
    claimed = [watcher.ledger.claim_next().student for _ in order]
    assert claimed == [f"s{i}" for i in order] and watcher.ledger.claim_next() is None
    mine = [a for a in queue if a.student == "s4"]
    page = student_page("s4", [Chapter(CHAPTER, "no limit")], mine, {}, Queue(queue, [], 2, 30.0), "/")
    assert "queued: 3 of 5 waiting, about 60 s" in page  # s4 is third in line


# -- attempt rules -------------------------------------------------------------------------------

def test_a_rolling_window_keeps_the_attempt_past_the_limit_with_when_the_next_is_free():
    rules = AttemptPolicy(attempts=3, window_hours=24)
    used = ["2026-11-30T09:00:00+00:00", "2026-11-30T10:00:00+00:00", "2026-11-30T11:00:00+00:00"]
    refused = admit(rules, "2026-11-30T12:00:00+00:00", used, granted=0, granted_used=0)
    assert refused.slot is None and refused.message == (
        "received, not graded: 3 of 3 attempts used in 24 hours, next at 2026-12-01 09:00:00 UTC")
    assert admit(rules, "2026-12-01T09:00:00+00:00", used, 0, 0).slot == "regular"  # the first has left the window
    assert admit(rules, "2026-11-30T12:00:00+00:00", used, granted=1, granted_used=0).slot == "granted"
    assert admit(rules, "2026-11-30T12:00:00+00:00", used, granted=1, granted_used=1).slot is None


def test_a_limit_in_all_has_no_next_time_and_no_limit_admits_everything():
    in_all = admit(AttemptPolicy(attempts=1), "2030-01-01T00:00:00+00:00", ["2026-11-30T09:00:00+00:00"], 0, 0)
    assert in_all.slot is None and in_all.next_at is None and "1 of 1 attempts used in all" in in_all.message
    assert admit(AttemptPolicy(), "2026-11-30T12:00:00+00:00", used_many(), 0, 0).slot == "regular"


def used_many() -> list[str]:
    return [f"2026-11-30T11:{m:02d}:00+00:00" for m in range(60)]


def test_the_latest_or_the_best_counts():
    def graded(i, score):
        return dataclasses.replace(_attempt(i), state=states.GRADED, final_score=score)

    attempts = [graded(1, 2.0), graded(2, 4.0), graded(3, 3.0), _attempt(4)]
    assert counting(attempts, "latest").id == 3 and counting(attempts, "best").id == 2
    assert counting([graded(1, 4.0), graded(2, 4.0)], "best").id == 2  # the later of equals
    assert counting([_attempt(1)], "best") is None


def test_a_notebook_replaced_in_a_collected_folder_is_a_new_attempt_that_counts(config, watcher):
    """The reuse attack: the student still owns a folder the service collected; each notebook put
    in its place is an attempt against the limit (2 in 24 hours here), never a free one."""
    folder = submit(config, "ada", ADA, answered("v0"))
    assert watcher.scan() == 1
    for i in (1, 2, 3):
        time.sleep(0.01)  # a later change time
        nbformat.write(answered(f"v{i}"), folder / NB)
        os.chown(folder / NB, ADA, ADA)
        os.utime(folder)  # the folder's own change time moves, as a replace does
        watcher.scan()
    attempts = watcher.ledger.attempts()
    assert [a.inbound for a in attempts] == [folder.name] * 4
    assert [a.state for a in attempts] == [states.QUEUED, states.QUEUED, states.OVER_LIMIT, states.OVER_LIMIT], \
        [(a.state, a.reason) for a in attempts]
    assert "2 of 2 attempts used in 24 hours" in attempts[-1].reason


def test_a_grant_grades_the_latest_attempt_kept_past_the_limit(config, watcher):
    for i in range(3):
        submit(config, "ada", ADA, answered(f"v{i}"), tail=f"t{i}")
        watcher.scan()
    kept = watcher.ledger.attempts(states=(states.OVER_LIMIT,))
    assert len(kept) == 1 and "2 of 2 attempts used in 24 hours, next at" in kept[0].reason
    assert watcher.grader.notices[-1][:2] == (kept[0].id, "received, not graded")  # Fetch Feedback says so
    commands.grant(config, "ada", CHAPTER, attempts=2, log=lambda *a: None)
    again = watcher.ledger.get(kept[0].id)
    assert (again.state, again.slot) == (states.QUEUED, "granted")
    submit(config, "ada", ADA, answered("v3"), tail="t3")
    watcher.scan()
    assert watcher.ledger.attempts()[-1].slot == "granted"  # the second granted attempt
    submit(config, "ada", ADA, answered("v4"), tail="t4")
    watcher.scan()
    assert watcher.ledger.attempts()[-1].state == states.OVER_LIMIT


def test_attempts_count_a_chapter_once_across_its_editions(config, watcher):
    """Two attempts of the English chapter use the limit of its Chinese edition too, and a grant
    of either edition's id serves both."""
    watcher.grader.knows = lambda assignment: assignment in (CHAPTER, f"zh_{CHAPTER}")
    for i in range(2):
        submit(config, "ada", ADA, answered(f"v{i}"), tail=f"t{i}")
        watcher.scan()
    zh_folder = submit(config, "ada", ADA, answered("v2"), tail="t2")
    zh_folder.rename(zh_folder.with_name(zh_folder.name.replace(f"+{CHAPTER}+", f"+zh_{CHAPTER}+")))
    watcher.scan()
    last = watcher.ledger.attempts()[-1]
    assert last.assignment == f"zh_{CHAPTER}"
    assert last.state == states.OVER_LIMIT and "2 of 2 attempts used" in last.reason
    commands.grant(config, "ada", CHAPTER, attempts=1, log=lambda *a: None)
    assert watcher.ledger.get(last.id).slot == "granted"


def test_the_settings_file(tmp_path):
    path = tmp_path / "service.toml"
    path.write_text('instructors = ["t"]\n[grading]\njobs = 3\nidle_allowance = 45\n'
                    '[attempts]\nattempts = 3\nwindow_hours = 24\n'
                    'counts = "best"\n[attempts."09_training"]\nattempts = 10\nwindow_hours = 0\ncounts = "latest"\n')
    config = ServiceConfig.load(path, environ={}, exchange=tmp_path, course_root=tmp_path, state=tmp_path)
    assert config.settings.jobs == 3 and config.settings.sandbox == "on" and config.settings.idle_allowance == 45
    assert config.policy("00_x") == AttemptPolicy(3, 24, "best")
    assert config.policy("09_training") == AttemptPolicy(10, None, "latest")
    path.write_text("[grading]\nworkers = 3\n")
    with pytest.raises(SystemExit, match="no setting workers"):
        ServiceConfig.load(path, environ={}, exchange=tmp_path, course_root=tmp_path, state=tmp_path)
    path.write_text("[grading]\nidle_allowance = 0\n")
    with pytest.raises(SystemExit, match="idle_allowance must be a number of seconds above 0"):
        ServiceConfig.load(path, environ={}, exchange=tmp_path, course_root=tmp_path, state=tmp_path)


# -- the ledger across a restart, a failing grader -------------------------------------------------

def test_a_service_that_died_mid_grade_queues_the_attempt_again_then_holds_it(config, watcher):
    submit(config, "ada", ADA, answered("ada"))
    watcher.scan()
    ledger = watcher.ledger
    assert ledger.claim_next().tries == 1 and ledger.claim_next() is None  # taken once, by one grader
    assert ledger.recover() == [] and ledger.queue()[0].tries == 1  # died: queued again, the try counted
    ledger.claim_next()
    [held] = ledger.recover()  # died a second time on it
    assert ledger.get(held.id).state == states.HELD and "stopped 2 times" in ledger.get(held.id).reason


def test_a_clean_stop_does_not_count_the_try(config, watcher):
    submit(config, "ada", ADA, answered("ada"))
    watcher.scan()
    attempt = watcher.ledger.claim_next()
    watcher.ledger.interrupted([attempt.id])
    assert (watcher.ledger.get(attempt.id).state, watcher.ledger.get(attempt.id).tries) == (states.QUEUED, 0)


def test_a_grader_failure_is_tried_once_more_then_held_with_the_reason(config, watcher):
    from grader.service.grading import Grader

    submit(config, "ada", ADA, answered("ada"))
    watcher.scan()
    grader = Grader(config, watcher.ledger, lambda *a: None)
    failed = JobResult("ada", CHAPTER, None, "", 4.0, status=Status.CRASHED,
                       reasons=["the grading worker process died twice on this job"])
    grader.record(watcher.ledger.claim_next(), failed)
    assert watcher.ledger.queue()[0].tries == 1  # queued again
    grader.record(watcher.ledger.claim_next(), failed)
    attempt = watcher.ledger.attempts()[0]
    assert attempt.state == states.HELD and "grading failed 2 times: the grading worker process died" in attempt.reason
    assert attempt.released  # Fetch Feedback tells the student it is held


# -- what reaches the gradebook, Formgrader and the exports ----------------------------------------

@pytest.fixture
def graded_service(config, watcher):
    """A grader with the real run (template, class gradebook in the course directory)."""
    from grader.service.grading import Grader

    grader = Grader(config, watcher.ledger, lambda *a: None)
    grader.prepare([CHAPTER])
    watcher.grader = grader
    return grader


def _graded_result(grader, attempt, earned: dict[str, float]) -> JobResult:
    """What grade_job would leave for ``attempt``: a result with these cells' scores, and a page."""
    spec = grader.spec(attempt)
    result = JobResult.start(spec, seed=1234)
    result.cells = {f"{CHAPTER}/{cell}": {"auto_score": score, "manual_score": None, "needs_manual_grade": False,
                                          "max_score": 2.0} for cell, score in earned.items()}
    result.score = sum(earned.values())
    result.timestamp = spec.received_at
    folder = job_dir(Path(spec.out), spec.student_id, spec.assignment_id)
    (folder / "feedback").mkdir(parents=True)
    (folder / "feedback" / f"{CHAPTER}.html").write_text(f"<html><body>{result.score}</body></html>")
    result.feedback = [f"feedback/{CHAPTER}.html"]
    (folder / "result.json").write_text(result.to_json())
    return result


CELLS = {"forward_difference_tests": 1.0, "central_difference_tests": 1.0, "numerical_gradient_tests": 2.0}


def test_the_counting_attempt_reaches_the_gradebook_formgrader_and_the_exports(config, watcher, graded_service):
    from nbgrader.api import Gradebook

    grader = graded_service
    submit(config, "ada", ADA, answered("v1"), tail="a")
    watcher.scan()
    first = watcher.ledger.claim_next()
    grader.record(first, _graded_result(grader, first, {**CELLS, "forward_difference_tests": 0.0}))
    with Gradebook(config.class_db_url, "autograd-course") as gb:  # the instructor sets a score by hand
        gb.find_grade("numerical_gradient_tests", CHAPTER, CHAPTER, "ada").manual_score = 1.5
        gb.db.commit()
    submit(config, "ada", ADA, answered("v2"), tail="b")
    watcher.scan()
    second = watcher.ledger.claim_next()
    grader.record(second, _graded_result(grader, second, CELLS))
    with Gradebook(config.class_db_url, "autograd-course") as gb:
        submission = gb.find_submission(CHAPTER, "ada")
        assert submission.score == 3.5  # the best (4) with the hand's 1.5 kept over its 2
        assert gb.find_grade("forward_difference_tests", CHAPTER, CHAPTER, "ada").auto_score == 1.0
        assert submission.timestamp == received.parse_time(second.received_at).replace(tzinfo=None)
    # Formgrader: the submission and the graded notebook, with the received time as nbgrader's stamp
    course = config.course_root
    assert (course / "submitted" / "ada" / CHAPTER / "timestamp.txt").read_text() == \
        received.nbgrader_stamp(second.received_at)
    # the exchange: each attempt's page under its own secret; the OUT: what counts
    for attempt in (first, second):
        name = page_name(watcher.ledger.get(attempt.id).secret, CHAPTER)
        assert (config.exchange_feedback / name).is_file()
        assert watcher.ledger.get(attempt.id).released == {CHAPTER: name}
    assert JobResult.read(job_dir(config.out, "ada", CHAPTER) / "result.json").fingerprint == \
        grader.spec(watcher.ledger.get(second.id)).fingerprint
    attempts_csv = (config.out / "attempts.csv").read_text().splitlines()
    assert len(attempts_csv) == 3 and attempts_csv[2].split(",")[7] == "True"  # the second counts
    assert "ada" in (config.out / "grades.csv").read_text()


def test_the_similarity_report_reads_the_notebooks_that_count(config, watcher, graded_service, monkeypatch):
    """The service's OUT keeps results only: the comparison reads the course's ``submitted/``."""
    import grader.similarity as similarity

    seen = {}
    monkeypatch.setattr(similarity, "write_similarity",
                        lambda out, submitted=None, course_dir=None: seen.update(submitted or {}) or out)
    submit(config, "ada", ADA, answered("v1"), tail="a")
    watcher.scan()
    attempt = watcher.ledger.claim_next()
    graded_service.record(attempt, _graded_result(graded_service, attempt, CELLS))
    graded_service.write_report()
    assert seen == {("ada", CHAPTER): config.course_root / "submitted" / "ada" / CHAPTER}


def test_a_restart_grades_nothing_twice(config, watcher, graded_service):
    from grader.pipeline.worker import grade_job

    submit(config, "ada", ADA, answered("v1"))
    watcher.scan()
    attempt = watcher.ledger.claim_next()
    written = _graded_result(graded_service, attempt, CELLS)  # finished, then the service died
    watcher.ledger.recover()
    again = watcher.ledger.claim_next()
    spec = graded_service.spec(again)  # built anew after the restart
    started = time.monotonic()
    result = grade_job(spec)  # the real worker: the result is current, nothing runs
    assert time.monotonic() - started < 5 and result.seed == written.seed == 1234


def test_a_manual_run_on_the_services_out_or_gradebook_is_refused(config, graded_service, tmp_path):
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde
    from grader.run.locks import exclusive, gradebook_lock_file, out_lock

    submissions = tmp_path / "submissions" / "x" / CHAPTER
    submissions.mkdir(parents=True)
    nbformat.write(release_notebook(), submissions / NB)
    db = Path(config.class_db_url.removeprefix("sqlite:///"))
    with exclusive(out_lock(config.out), "the grading service (test)", "its OUT"), \
            exclusive(gradebook_lock_file(db), "the grading service (test)", "its gradebook"):
        with pytest.raises(SystemExit, match=r"in use by the grading service \(test\)"):
            autograde(tmp_path / "submissions", config.out, settings=GradingSettings(jobs=1), log=lambda *a: None)
        with pytest.raises(SystemExit, match=r"class gradebook .* in use by the grading service \(test\)"):
            autograde(tmp_path / "submissions", tmp_path / "other-out", log=lambda *a: None,
                      settings=GradingSettings(jobs=1, db_url=config.class_db_url))


# -- the pages ---------------------------------------------------------------------------------------

def _attempt(i: int, **values):
    base = dict(id=i, inbound=f"ada+{CHAPTER}+2026-11-30 10:0{i}:00.000000 UTC+x", folder=str(i), student="ada",
                assignment=CHAPTER, stamp="2026-11-30T10:00:00+00:00", received_at=f"2026-11-30T10:0{i}:00+00:00",
                seen_at="", content=str(i), state=states.QUEUED, reason=None, notes=[], slot="regular", same_as=None,
                tries=0, secret="s", seed=None, status=None, score=None, max_score=None, final_score=None, exercises=[],
                graded_at=None, seconds=None, released={})
    return states.Attempt(**{**base, **values})


def test_the_instructor_sees_the_queue_in_order_of_arrival_and_the_expected_wait():
    waiting = [_attempt(i) for i in (1, 2, 3)]
    queue = Queue(waiting, [], workers=2, mean_seconds=20.0)
    assert [queue.wait(p) for p in (1, 2, 3)] == [20.0, 20.0, 40.0]
    held = _attempt(4, state=states.HELD, reason="held for review: 00.ipynb is the notebook bob submitted")
    page = instructor_page(queue, waiting + [held], [], set(), "/services/grading/")
    assert "<b>3</b> waiting" in page and "about 40 s" in page and "the notebook bob submitted" in page


def test_a_students_page_never_names_a_classmate_and_says_what_happened():
    held = _attempt(1, state=states.HELD, reason="held for review: 00.ipynb is the notebook bob submitted")
    over = _attempt(2, state=states.OVER_LIMIT, reason="received, not graded: 2 of 2 attempts used in 24 hours")
    graded = _attempt(3, state=states.GRADED, status="graded", score=4.0, final_score=3.0, max_score=4.0,
                      exercises=[{"exercise": "e", "title": "Exercise 1 · e", "score": 1.0, "max_score": 1.0}])
    page = student_page("ada", [Chapter(CHAPTER, "2 graded attempts in any 24 hours; the best counts", None, 3)],
                        [held, over, graded], {3: {CHAPTER: "p.html"}}, Queue([], [], 1, None), "/services/grading/")
    assert "bob" not in page and "held for review: your instructor will look at it" in page
    assert "received, not graded: 2 of 2 attempts used in 24 hours" in page
    assert "3 / 4" in page and "late penalty 1" in page and "Exercise 1 · e: 1 / 1" in page
    assert "/services/grading/attempt/3/00_finite_differences.html" in page

