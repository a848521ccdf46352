"""Partial credit within a test cell: the judge gives a share of the cell's points per promise kept,
nbgrader records exactly that share, nothing the kernel shows can raise it, and a partly kept cell
is still diagnosed.

The fast tests run the judge in-process and ``ApplyVerdicts`` on hand-made cells; the slow one
grades a one-exercise course (``fixtures_partial/course``) through real nbgrader."""

import json

import nbformat
import pytest
from nbgrader.utils import determine_grade
from support.in_process import answered_release

from grader.judge import toolkit
from grader.judge.channel import LoopbackChannel
from grader.judge.diagnose import Recorder
from grader.judge.judge import FAILED, JUDGE_ERROR, PASSED, Judge, Verdict
from grader.judge.remote import Session
from grader.pipeline.preprocessors import ApplyVerdicts

HEAD = "from grader.judge.toolkit import case, expect_close, fail, fetch, promise, student\n"


def _judge(hidden: str, namespace: dict) -> Verdict:
    return Judge({"t": hidden}, 1).judge("t", LoopbackChannel(namespace))


THREE_PROMISES = HEAD + """
with promise("doubles 1"):
    with case("x = 1"):
        expect_close(student.f(1.0), 2.0, what="f(1)")
with promise("doubles 2", weight=2):
    with case("x = 2"):
        expect_close(student.f(2.0), 4.0, what="f(2)")
with promise("doubles 3"):
    with case("x = 3"):
        expect_close(student.f(3.0), 6.0, what="f(3)")
"""


def test_a_broken_promise_costs_only_its_share_and_the_next_promises_still_run():
    verdict = _judge(THREE_PROMISES, {"f": lambda x: 2 * x if x != 2.0 else 5.0})
    assert verdict.outcome == FAILED and verdict.score == pytest.approx(2 / 4)
    assert [(p.name, p.kept) for p in verdict.promises] == [("doubles 1", True), ("doubles 2", False),
                                                           ("doubles 3", True)]
    assert verdict.message.startswith("x = 2: f(2) is wrong") and verdict.case == ("x = 2",)
    assert verdict.points(3) == 1.5 and verdict.points(2) == 1.0


def test_every_promise_kept_is_a_pass_and_none_kept_scores_nothing():
    assert _judge(THREE_PROMISES, {"f": lambda x: 2 * x}).outcome == PASSED
    nothing = _judge(THREE_PROMISES, {"f": lambda x: 0.0})
    assert nothing.outcome == FAILED and nothing.score == 0.0 and len(nothing.broken) == 3


def test_an_error_of_the_students_code_breaks_only_the_promise_it_happened_in():
    def f(x):
        if x == 3.0:
            raise IndexError("tuple index out of range")
        return 2 * x

    verdict = _judge(THREE_PROMISES, {"f": f})
    assert verdict.score == pytest.approx(3 / 4)
    assert verdict.broken[0].message == ("x = 3: f(3.0) raised IndexError (its message is not shown: it could carry "
                                         "the hidden inputs)")


VACUOUS = HEAD + """
with promise("the values"):
    with case("x = 1"):
        expect_close(student.f(1.0), 2.0, what="f(1)")
with promise("no error on a second call", only_with="the values"):
    with case("x = 1, again"):
        fetch(student.f(1.0))
"""


def test_a_promise_a_do_nothing_answer_keeps_counts_only_with_the_value_promise():
    assert _judge(VACUOUS, {"f": lambda x: 2 * x}).score == 1.0
    nothing = _judge(VACUOUS, {"f": lambda x: None})
    assert nothing.score == 0.0 and [p.kept for p in nothing.promises] == [False, False]
    assert nothing.promises[1].message == ('no error on a second call: this counts only together with "the values", '
                                           'which is not kept')
    wrong_twice = _judge(VACUOUS.replace('only_with="the values"', 'weight=1'), {"f": lambda x: None})
    assert wrong_twice.score == 0.5  # without the dependency, the do-nothing answer kept half
    misnamed = _judge(VACUOUS.replace('only_with="the values"', 'only_with="the value"'), {"f": lambda x: 2 * x})
    assert misnamed.outcome == JUDGE_ERROR and "not an earlier promise" in misnamed.message


def test_a_failure_outside_every_promise_costs_the_whole_cell():
    hidden = THREE_PROMISES + "with case('after the promises'):\n    expect_close(student.f(4.0), 0.0, what='f(4)')\n"
    verdict = _judge(hidden, {"f": lambda x: 2 * x})
    assert verdict.outcome == FAILED and verdict.score == 0.0
    assert all(p.kept for p in verdict.promises) and "after the promises" in verdict.message


def test_a_cell_without_promises_is_all_or_nothing_as_before():
    hidden = HEAD + "with case('x = 1'):\n    expect_close(student.f(1.0), 2.0, what='f(1)')\n"
    assert _judge(hidden, {"f": lambda x: 2 * x}).score == 1.0
    assert _judge(hidden, {"f": lambda x: x}).score == 0.0


def test_a_wrong_hidden_test_is_a_judge_error_with_no_points_not_a_broken_promise():
    nested = HEAD + "with promise('a'):\n    with promise('b'):\n        pass\n"
    verdict = _judge(nested, {})
    assert verdict.outcome == JUDGE_ERROR and verdict.score == 0.0 and "do not nest" in verdict.message
    misuse = HEAD + "with promise('a'):\n    if student.f:\n        pass\n"
    assert _judge(misuse, {"f": 1}).outcome == JUDGE_ERROR


def test_a_broken_promise_leaves_the_kernel_as_the_next_promise_expects():
    """The exits of contexts the broken block was in still run before the next promise."""
    import contextlib

    log = []

    @contextlib.contextmanager
    def mode():
        log.append("enter")
        yield
        log.append("exit")

    hidden = HEAD + """
with promise("inside the mode"):
    with student.mode():
        fail("broken inside")
with promise("after it"):
    expect_close(student.count(), 2.0, what="entries and exits so far")
"""
    verdict = _judge(hidden, {"mode": mode, "count": lambda: float(len(log))})
    assert [p.kept for p in verdict.promises] == [False, True] and log == ["enter", "exit"]


def test_a_verdict_round_trips_through_json_and_never_scores_more_than_the_cell():
    verdict = _judge(THREE_PROMISES, {"f": lambda x: 2 * x if x != 1.0 else 0.0})
    again = Verdict.from_dict(json.loads(json.dumps(verdict.as_dict())))
    assert again == verdict and again.promises[0].kept is False
    assert Verdict.from_dict({"grade_id": "t", "outcome": "passed"}).score == 1.0  # a report written before
    assert Verdict("t", FAILED, score=2 / 3).points(2) == 1.33  # rounded down, never up
    with pytest.raises(ValueError):
        Verdict("t", PASSED, score=0.5)
    with pytest.raises(ValueError):
        Verdict("t", FAILED, score=1.5)


def test_a_diagnosis_run_goes_through_every_promise_and_notes_each_failure():
    hidden = HEAD + """
with promise("a"):
    fail("broken outside any case")
with promise("b"):
    with case("x = 2"):
        expect_close(student.f(2.0), 4.0, what="f(2)")
"""
    recorder = Recorder()
    session = Session(LoopbackChannel({"f": lambda x: 5.0}), 1e18, recorder)
    with toolkit.running(session, 7):
        exec(compile(hidden, "<hidden>", "exec"), {})
    outcomes = {c.label: c.outcome for c in recorder.cases}
    # a case is known by its promise too, so that two promises may check the same input
    assert outcomes["(outside any case)"] == "Failed" and outcomes["[b], x = 2"] == "Failed"


# -- what nbgrader records -----------------------------------------------------------------------

def _cell(points=3, outputs=()):
    cell = nbformat.v4.new_code_cell("check()")
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "t", "points": points}
    cell.outputs = list(outputs)
    return cell


def _apply(cell, verdict: Verdict | None, zeroed=None):
    nb = nbformat.v4.new_notebook(cells=[cell])
    verdicts = {} if verdict is None else {"t": verdict.as_dict()}
    nb, _ = ApplyVerdicts().preprocess(nb, {"verdicts": verdicts, "zeroed": zeroed or {}})
    return nb.cells[0]


PARTIAL = _judge(THREE_PROMISES, {"f": lambda x: 2 * x if x != 2.0 else 5.0})  # 2 of 4 shares
KERNEL_TRIES = {
    "a number displayed as the cell's result": [
        nbformat.v4.new_output("execute_result", data={"text/plain": "3"}, execution_count=1)],
    "an error raised in the visible part": [
        nbformat.v4.new_output("error", ename="AssertionError", evalue="x", traceback=[])],
    "text on stderr": [nbformat.v4.new_output("stream", name="stderr", text="warning\n")],
    "a display that looks like a score": [
        nbformat.v4.new_output("display_data", data={"text/plain": "3.0"})],
}


@pytest.mark.parametrize("outputs", [[], *KERNEL_TRIES.values()], ids=["nothing", *KERNEL_TRIES])
def test_nbgrader_records_exactly_the_judges_share_whatever_the_kernel_showed(outputs):
    partial = _apply(_cell(3, outputs), PARTIAL)
    assert determine_grade(partial)[0] == 1.5
    passed = _apply(_cell(3, outputs), _judge(THREE_PROMISES, {"f": lambda x: 2 * x}))
    assert determine_grade(passed)[0] == 3.0
    failed = _apply(_cell(3, outputs), Verdict("t", FAILED, "wrong"))
    assert determine_grade(failed)[0] == 0.0
    assert determine_grade(_apply(_cell(3, outputs), None))[0] == 0.0  # never judged
    zeroed = _apply(_cell(3, outputs), _judge(THREE_PROMISES, {"f": lambda x: 2 * x}),
                    {"t": "cell 3: line 1 uses numpy.diff"})
    assert determine_grade(zeroed)[0] == 0.0
    results = [o for o in partial.outputs if o.output_type == "execute_result"]
    assert results == [partial.outputs[0]], "the judge's score is the cell's only result, and its first output"


def test_the_feedback_and_the_message_say_which_promises_were_kept(tmp_path):
    report = tmp_path / "messages.json"
    nb = nbformat.v4.new_notebook(cells=[_cell(2)])
    ApplyVerdicts(report_path=str(report)).preprocess(nb, {"verdicts": {"t": PARTIAL.as_dict()}, "zeroed": {}})
    shown = nb.cells[0].outputs[0].data["text/html"]
    assert "1 of 2 points" in shown
    assert "kept: doubles 1" in shown and "broken: doubles 2: x = 2: f(2) is wrong" in shown
    message = json.loads(report.read_text())["notebook/t"]
    first, *rest = message.splitlines()
    assert first.startswith("HiddenTestFailed: x = 2: f(2) is wrong")
    assert [line.strip() for line in rest] == ["promises kept: 2 of 3", "kept: doubles 1", "broken: doubles 2",
                                                "kept: doubles 3"]


# -- through nbgrader ------------------------------------------------------------------------------

@pytest.mark.slow
def test_a_partly_kept_cell_is_recorded_shown_and_diagnosed_through_nbgrader(tmp_path):
    from pathlib import Path

    from grader.course.mistakes import known_wrong
    from grader.course.model import find_chapters
    from grader.course.nbgrader_setup import NbgraderCourse
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    course_dir = Path(__file__).resolve().parent / "fixtures_partial" / "course"
    [chapter] = find_chapters(course_dir)
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    wrong = {k.name: k.code for k in known_wrong(chapter.folder)}
    # the kernel tries to raise its score: a display of "3" after the answer
    boasting = wrong["keeps_integer_dtype"] + "\nfrom IPython.display import display\ndisplay(3)\n"
    notebooks = {"honest": answered_release(release, source),
                 "integers": answered_release(release, source, {"clip01": wrong["keeps_integer_dtype"]}),
                 "boasting": answered_release(release, source, {"clip01": boasting})}
    root = tmp_path / "subs"
    for student, nb in notebooks.items():
        folder = root / student / chapter.chapter_id
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / chapter.notebook_name)
    settings = GradingSettings(jobs=2, cell_timeout=30)
    results = {r.student_id: r for r in autograde(root, tmp_path / "out", course_dir, settings, log=lambda *a: None)}
    scores = {s: r.score for s, r in results.items()}
    assert scores == {"honest": 3, "integers": 2, "boasting": 2}
    assert results["integers"].diagnoses["clip01"]["name"] == "keeps_integer_dtype"
    message = results["integers"].messages[f"{chapter.chapter_id}/clip01_tests"]
    assert "x = [-1, 0, 2]: the dtype of clip01(x) should be 'float64'" in message
    assert "broken: float64 for an integer x" in message and "kept: x is left unchanged" in message
    page = tmp_path / "out" / "feedback" / "integers" / chapter.chapter_id / chapter.notebook_name.replace(
        ".ipynb", ".html")
    text = page.read_text()
    assert "Score of the hidden tests: 2 of 3 points" in text and "broken: float64 for an integer x" in text
