"""``grader check``'s list under a diagnosed mistake: the promises the answer breaks are the
mistake's consequences (a diagnosis explains every failed case), listed under the diagnosis, not
as breaks of their own; the promises kept stay where they were."""

from __future__ import annotations

from grader.course.model import find_chapters, read_chapter
from grader.i18n.wording import words_for
from grader.judge.judge import FAILED, Verdict
from grader.judge.toolkit import PromiseOutcome
from grader.paths import COURSE_DIR
from grader.pipeline.preprocessors.verdicts import promise_lines
from grader.records.jobs import ExerciseScore, JobResult
from grader.run.learner_check import render

CHAPTER = "07_linear_function"
BROKEN = ("the output requires grad", "backward reaches the weight", "gradcheck passes", "a Linear layer trains")
KEPT = ("the forward value is input @ weight.T + bias", "shapes as the docstring says", "no bias works")
DIAGNOSIS = {"mistake": "the output is not marked as requiring grad", "why": "Nothing records the call.",
             "see": "apply", "hint": "set output.requires_grad = True."}


def _result(diagnosed: bool) -> JobResult:
    promises = tuple(PromiseOutcome(name, 1.0, name in KEPT, "" if name in KEPT else "Failed: no grad_fn")
                     for name in (*KEPT, *BROKEN))
    verdict = Verdict("linear_function_backward_tests", FAILED, "Failed: the output has no grad_fn",
                      score=len(KEPT) / len(promises), promises=promises)
    message = "HiddenTestFailed: " + verdict.message + promise_lines(verdict, words_for(CHAPTER))
    return JobResult("me", CHAPTER, None, "x", 6.0, score=3.0,
                     exercises=[ExerciseScore("07_linear_function", "linear_function", 1.3, 6.0)],
                     messages={"07_linear_function/linear_function_backward_tests": message},
                     diagnoses={"linear_function": DIAGNOSIS} if diagnosed else {})


def _source():
    [chapter] = [c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER]
    return read_chapter(chapter)


def test_broken_promises_are_listed_under_the_diagnosis_as_its_consequences():
    lines = render(_result(diagnosed=True), _source()).splitlines()
    diagnosis = next(i for i, line in enumerate(lines) if "your answer behaves like this mistake" in line)
    assert not any(line.strip().startswith("broken: ") for line in lines), lines
    under = [line.strip() for line in lines[diagnosis + 1:]]
    assert under[:len(BROKEN)] == [f"broken as a consequence of this mistake: {name}" for name in BROKEN]
    before = "\n".join(lines[:diagnosis])
    assert "promises kept: 3 of 7" in before and all(f"kept: {name}" in before for name in KEPT)


def test_without_a_diagnosis_each_broken_promise_stays_a_break_of_its_own():
    text = render(_result(diagnosed=False), _source())
    assert all(f"broken: {name}" in text for name in BROKEN) and "consequence" not in text
