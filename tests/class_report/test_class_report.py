"""The class report on real grading runs: the example class and a synthetic class of 60 students.

Its counts must equal those computed here from ``grades.csv``, ``status.csv`` and the nbgrader
gradebook; its grouped failure messages must match the mistakes planted in the synthetic class;
the page must open in headless Chromium with every picture loaded.
"""

from __future__ import annotations

import base64
import csv
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

import pytest

from grader.class_report import compute, read_class
from grader.class_report.render import _num
from grader.course.nbgrader_setup import COURSE_ID
from grader.judge.messages import normalise
from grader.paths import REPO_ROOT
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

sys.path.insert(0, str(Path(__file__).resolve().parent))
import synthetic  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = REPO_ROOT / "build" / "test-artifacts" / "class_report"
EXAMPLE = {"perfect": "graded", "partial": "graded", "untouched": "graded", "hung": "timed out",
           "malformed": "malformed", "blanker": "flagged", "absent": "missing"}


@pytest.fixture(scope="module")
def example_class(graded_example_class):
    return graded_example_class["out"]


@pytest.fixture(scope="module")
def synthetic_class(tmp_path_factory, monkeypatch_module):
    """The 60 students; the first run (the representatives) has a report that fails on purpose."""
    import grader.class_report

    def broken(*args, **kwargs):
        raise RuntimeError("a broken report")

    first_log: list[str] = []
    monkeypatch_module.setattr(grader.class_report, "write_report", broken)

    def first_then_real(*args, **kwargs):
        result = autograde(*args, **kwargs)
        monkeypatch_module.undo()
        return result

    settings = GradingSettings(jobs=2, cell_timeout=30, notebook_timeout=120)
    built = synthetic.build(tmp_path_factory.mktemp("synthetic"), first_then_real, settings,
                            first_log=first_log.append)
    built["first_log"] = first_log
    return built


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def _csv(path: Path) -> list[dict]:
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def _gradebook_exercise_scores(out: Path, exercises) -> dict[tuple[str, str], float]:
    """(student, exercise key) -> points, straight from nbgrader's gradebook."""
    from nbgrader.api import Gradebook

    scores: dict[tuple[str, str], float] = {}
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}", COURSE_ID) as gb:
        for assignment in gb.assignments:
            for e in exercises[assignment.name]:
                for student in gb.students:
                    scores[(student.id, e.key)] = 0.0
            for sub in assignment.submissions:
                for nb in sub.notebooks:
                    for grade in nb.grades:
                        for e in exercises[assignment.name]:
                            if nb.name == e.notebook and grade.name in e.grade_ids:
                                scores[(sub.student.id, e.key)] += float(grade.score or 0)
    return scores


def check_counts_against_records(out: Path) -> None:
    """Everything the report counts, recomputed from grades.csv, status.csv and the gradebook."""
    data = read_class(out)
    summaries, stats = compute(data)
    grades = _csv(out / "grades.csv")
    status = {(r["student_id"], r["assignment_id"]): r["status"] for r in _csv(out / "status.csv")}
    exercise_rows = {(r["assignment_id"], r["exercise"]): r for r in _csv(out / "exercise_stats.csv")}
    page = (out / "report.html").read_text()
    by_gradebook = _gradebook_exercise_scores(out, data.exercises)
    for summary in summaries:
        rows = [r for r in grades if r["assignment"] == summary.assignment_id]
        assert summary.students == len(rows) == len({r["student_id"] for r in rows})
        assert summary.statuses == Counter(status[(r["student_id"], summary.assignment_id)] for r in rows)
        ran = sorted(float(r["score"]) for r in rows
                     if status[(r["student_id"], summary.assignment_id)] not in ("missing", "malformed"))
        assert summary.scores == ran
        assert summary.max_score == float(rows[0]["max_score"])
        for r in rows:
            assert data.submissions[(r["student_id"], summary.assignment_id)].score == float(r["score"])
        if len(ran) > 1:
            assert summary.quartiles() == tuple(statistics.quantiles(ran, n=4, method="inclusive"))
            assert f"<td class='num'>{_num(statistics.median(ran))}</td>" in page
        students = [r["student_id"] for r in rows]
        for row in stats[summary.assignment_id]:
            e = row.exercise
            got = [by_gradebook[(s, e.key)] for s in students]
            full = sum(g >= e.points - 1e-9 for g in got)
            none = sum(g <= 1e-9 for g in got)
            assert (row.full, row.partial, row.none) == (full, len(got) - full - none, none), e.key
            written = exercise_rows[(summary.assignment_id, e.name)]
            assert (int(written["full"]), int(written["partial"]), int(written["none"]),
                    int(written["students"])) == (full, len(got) - full - none, none, len(got))
            assert f"{full} ({100 * full / len(got):.0f}%)" in page
    for student in data.students:
        assert f"<td>{student}</td>" in page


def check_opens_in_chromium(page: Path, name: str) -> int:
    """Open the page in headless Chromium (Playwright); every <img> must have loaded."""
    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium (apt-get install -y --no-install-recommends chromium)")
    html = page.read_text()
    sources = re.findall(r"<img [^>]*src='([^']*)'", html)
    assert sources and all(s.startswith("data:image/png;base64,") for s in sources)
    for src in sources:  # each decodes to a PNG
        assert base64.b64decode(src.split(",", 1)[1]).startswith(b"\x89PNG\r\n\x1a\n")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return len(sources)  # the data: URIs were checked above
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                    args=["--no-sandbox", "--disable-gpu"])
        try:
            tab = browser.new_page(viewport={"width": 1200, "height": 1600})
            tab.goto(page.resolve().as_uri())
            images = tab.evaluate(
                "() => Array.from(document.images).map(i => [i.complete, i.naturalWidth, i.alt])")
            assert len(images) == len(sources)
            assert all(done and width > 100 for done, width, _ in images), images
            assert tab.title().startswith("Class report")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)
        finally:
            browser.close()
    return len(sources)


# -- the example class -------------------------------------------------------------------------

def test_example_class_report_counts_equal_the_grade_records(example_class):
    check_counts_against_records(example_class)


def test_example_class_notebooks_needing_attention_are_listed_with_their_status(example_class):
    data = read_class(example_class)
    summary = compute(data)[0][0]
    assert dict(summary.statuses) == dict(Counter(EXAMPLE.values()))
    page = (example_class / "report.html").read_text()
    attention = page[page.index("id='attention'"):page.index("id='students'")]
    for student, status in EXAMPLE.items():
        assert (f"<td>{student}</td>" in attention) == (status != "graded")
        if status != "graded":
            assert f"status-{status.replace(' ', '-')}'>{status}</td>" in attention
    for link in re.findall(r'href="(feedback/[^"]+)"', page):
        assert (example_class / link).is_file()


def test_example_class_report_opens_in_chromium(example_class):
    assert check_opens_in_chromium(example_class / "report.html", "example") == 2


# -- the synthetic class of 60 -----------------------------------------------------------------

def test_synthetic_class_has_sixty_students_graded_for_real(synthetic_class):
    results = synthetic_class["results"]
    assert len(results) == 60
    assert Counter(r.status for r in results) == {"graded": 58, "malformed": 1, "missing": 1}
    expected = {k.name: k for k in synthetic.KINDS}
    by_kind: dict[str, set[float]] = {}
    for r in results:
        kind = synthetic_class["roster"][r.student_id]
        by_kind.setdefault(getattr(kind, "name", kind), set()).add(r.score)
    assert by_kind["correct"] == {7.0}  # full marks for the solutions, below for every mistake
    assert all(max(by_kind[k]) < 7 for k in expected if k != "correct")


def test_a_failing_report_is_logged_and_loses_no_grade(synthetic_class):
    log = synthetic_class["first_log"]
    assert any("class report could not be written: RuntimeError: a broken report" in line for line in log)
    assert any(line.startswith("grades:") for line in log)


def test_synthetic_class_report_counts_equal_the_grade_records(synthetic_class):
    check_counts_against_records(synthetic_class["out"])


def test_grouped_failures_match_the_planted_mistakes(synthetic_class):
    """Per exercise, each group of failures holds the students of one planted mistake, all of
    them, and nobody who answered that exercise correctly; the two representatives of a mistake
    graded with different seeds got different messages that form one group."""
    roster = synthetic_class["roster"]
    data = read_class(synthetic_class["out"])
    _, stats = compute(data)
    for row in stats[synthetic.CHAPTER]:
        answer = row.exercise.answer_ids[0]
        planted: dict[str, set[str]] = {}
        for student, kind in roster.items():
            mistake = dict(getattr(kind, "mistakes", ())).get(answer)
            if mistake:
                planted.setdefault(mistake, set()).add(student)
        found = {}
        for group in row.groups:
            mistakes = {dict(roster[s].mistakes).get(answer) for s in group.students}
            assert len(mistakes) == 1 and None not in mistakes, (group.pattern, mistakes)
            found.setdefault(mistakes.pop(), set()).update(group.students)
            assert group.count == len(group.students) == len(set(group.students))
        assert found == planted, row.exercise.name
        if answer == "linear_function":
            # the mistake fails more than one test cell: one group per message, each of these students
            same = [g for g in row.groups if set(g.students) == planted["bias_grad_mean"]]
            top = next((g for g in same if "grad of bias" in g.pattern), None)
            assert top is not None, [g.pattern for g in same]
            assert len(top.examples) >= 2  # two seeds, two messages, one group
            assert {normalise(m) for m in top.examples} == {top.pattern}
    page = (synthetic_class["out"] / "report.html").read_text()
    for answer, mistake in (("linear", "drops_bias"), ("linear_function", "bias_grad_mean")):
        count = sum(1 for kind in roster.values() if dict(getattr(kind, "mistakes", ())).get(answer) == mistake)
        assert f"<b>{count}</b> × <span class='msg'>" in page, (answer, mistake, count)


def test_synthetic_class_report_opens_in_chromium(synthetic_class):
    assert check_opens_in_chromium(synthetic_class["out"] / "report.html", "synthetic") == 2
