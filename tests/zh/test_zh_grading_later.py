"""The chapters translated after the first two, through the real autograder: one Chinese submission
per chapter, the Chinese solution everywhere but one exercise, which holds a known mistake. The
solved exercises score full marks, the mistake is diagnosed in Chinese, and the feedback page is
Chinese. (That the whole Chinese solution passes every hidden test is checked in-process, cheaply:
``tests/zh/test_messages.py::test_the_chinese_solution_passes_every_hidden_test``.)"""

from __future__ import annotations

import re

import nbformat
import pytest

from grader.course.mistakes import known_wrong
from grader.course.model import cell_kind, read_chapter
from grader.examples.make_examples import MARKER, answered
from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings
from grader.i18n.editions import ZH, translated_chapters
from grader.paths import COURSE_DIR

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("zh-grading")]

#: chapter -> (student, the exercise that holds a known mistake, the mistake's name, its Chinese name)
SUBMISSIONS = {
    "03_backward_engine": ("mei", "topological_order", "not_reversed", "后序没有反过来"),
    "04_shapes": ("tao", "transpose_backward", "last_two_dims", "总是最后两个轴"),
}
#: English a Chinese feedback page must not show: the summary's words and the judge's templates
#: (a library's own error, which stays English, may say "got [4, 2, 3]").
ENGLISH_WORDS = ("Status:", "first failing check", "What your answers behave like", "grading seed",
                 "should be", "Score of the hidden tests", "your answer behaves like", "the worked example",
                 "is wrong at index")


def _chinese_solutions(chapter_id: str) -> dict[str, str]:
    """grade_id -> the Chinese chapter's solution (its docstrings and messages translated)."""
    [chapter] = [c for c in translated_chapters(ZH) if c.english_id == chapter_id]
    return {c.metadata["nbgrader"]["grade_id"]: MARKER.sub("", c.source)
            for c in read_chapter(chapter).cells if cell_kind(c) == "answer"}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("zh-later")
    for chapter_id, (student, exercise, mistake, _) in SUBMISSIONS.items():
        zh_id = ZH.assignment_id(chapter_id)
        release = nbformat.read(ZH.assignments_dir / zh_id / f"{zh_id}.ipynb", as_version=4)
        wrong = next(k.code for k in known_wrong(COURSE_DIR / chapter_id)
                     if k.answer_id == exercise and k.name == mistake)
        answers = {**_chinese_solutions(chapter_id), exercise: wrong}
        (root / "in" / student / zh_id).mkdir(parents=True)
        nbformat.write(answered(release, answers), root / "in" / student / zh_id / f"{zh_id}.ipynb")
    out = root / "out"
    results = autograde(root / "in", out, COURSE_DIR, GradingSettings(jobs=2, cell_timeout=60),
                        log=lambda *a: None)
    return {"out": out, "results": {(r.student_id, r.assignment_id): r for r in results}}


@pytest.mark.parametrize("chapter_id", sorted(SUBMISSIONS))
def test_a_chinese_submission_is_graded_and_diagnosed_in_chinese(graded, chapter_id):
    student, exercise, mistake, chinese_name = SUBMISSIONS[chapter_id]
    result = graded["results"][(student, ZH.assignment_id(chapter_id))]
    assert result.status.value == "graded", result.reasons
    for e in result.exercises:
        if e.exercise == exercise:
            assert e.score < e.max_score, f"{exercise} holds the known mistake {mistake}, yet scored {e.score}"
        else:
            assert e.score == e.max_score, f"{e.exercise} holds the Chinese solution, yet scored {e.score}"
    assert result.diagnoses[exercise]["name"] == mistake
    assert result.diagnoses[exercise]["mistake"] == chinese_name


@pytest.mark.parametrize("chapter_id", sorted(SUBMISSIONS))
def test_the_feedback_of_a_later_chapter_is_in_chinese(graded, chapter_id):
    student, exercise, _, chinese_name = SUBMISSIONS[chapter_id]
    zh_id = ZH.assignment_id(chapter_id)
    [page] = (graded["out"] / "feedback" / student / zh_id).glob("*.html")
    html = page.read_text(encoding="utf-8")
    assert re.search(r"<html[^>]*\blang=\"zh-CN\"", html)
    for words in ("状态：", "已评分", "隐藏测试得分", f"你的答案的表现和这个常见错误一样：{chinese_name}"):
        assert words in html, f"the Chinese feedback of {zh_id} lacks {words!r}"
    text = re.sub(r"<[^>]+>", " ", html)
    left = [w for w in ENGLISH_WORDS if w in text]
    assert not left, f"English left in the Chinese feedback of {zh_id}: {left}"
