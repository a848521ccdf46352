"""A Chinese submission through the real autograder: graded by the shared hidden tests, with its
feedback in Chinese; a class that mixes the editions counts each chapter once.

One run grades three students: ``li`` took chapter 0 in Chinese with two known mistakes,
``ann`` took it in English (full marks), ``bo`` sent nothing.
"""

from __future__ import annotations

import csv
import re

import nbformat
import pytest

from grader.course.mistakes import known_wrong
from grader.examples.make_examples import answered, solutions
from grader.gradebook.lms_export import export
from grader.i18n.editions import ZH
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("zh-grading")]

CHAPTER = "00_finite_differences"
ZH_CHAPTER = ZH.assignment_id(CHAPTER)
#: English a Chinese feedback page must not show: the summary's words and the judge's templates.
ENGLISH_WORDS = ("Status:", "first failing check", "What your answers behave like", "grading seed",
                 "is wrong at index", "should be", "Score of the hidden tests", "your answer behaves like",
                 "the worked example")


def _mistake(answer_id: str, name: str) -> str:
    return next(k.code for k in known_wrong(COURSE_DIR / CHAPTER) if k.answer_id == answer_id and k.name == name)


@pytest.fixture(scope="module")
def mixed_class(tmp_path_factory):
    root = tmp_path_factory.mktemp("zh-class")
    answers = solutions(CHAPTER)
    chinese = nbformat.read(ZH.assignments_dir / ZH_CHAPTER / f"{ZH_CHAPTER}.ipynb", as_version=4)
    wrong = {**answers, "forward_difference": _mistake("forward_difference", "central_instead"),
             "numerical_gradient": _mistake("numerical_gradient", "flat_result")}
    (root / "in" / "li" / ZH_CHAPTER).mkdir(parents=True)
    nbformat.write(answered(chinese, wrong), root / "in" / "li" / ZH_CHAPTER / f"{ZH_CHAPTER}.ipynb")
    english = nbformat.read(ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    (root / "in" / "ann" / CHAPTER).mkdir(parents=True)
    nbformat.write(answered(english, answers), root / "in" / "ann" / CHAPTER / f"{CHAPTER}.ipynb")
    (root / "in" / "bo").mkdir()
    out = root / "out"
    results = autograde(root / "in", out, COURSE_DIR, GradingSettings(jobs=2, cell_timeout=20),
                        log=lambda *a: None)
    return {"out": out, "results": {(r.student_id, r.assignment_id): r for r in results}}


def _page(out, student, assignment) -> str:
    [page] = (out / "feedback" / student / assignment).glob("*.html")
    return page.read_text(encoding="utf-8")


def test_a_chinese_submission_is_graded_by_the_shared_hidden_tests(mixed_class):
    result = mixed_class["results"][("li", ZH_CHAPTER)]
    assert result.status.value == "graded", result.reasons
    by_exercise = {e.exercise: e.score for e in result.exercises}
    assert by_exercise == {"forward_difference": 0.0, "central_difference": 1.0, "numerical_gradient": 0.4}
    assert result.diagnoses["forward_difference"]["name"] == "central_instead"
    assert result.diagnoses["forward_difference"]["mistake"] == "写成了中心差分"


def test_the_chinese_feedback_is_in_chinese(mixed_class):
    page = _page(mixed_class["out"], "li", ZH_CHAPTER)
    assert re.search(r"<html[^>]*\blang=\"zh-CN\"", page)
    for words in ("状态：", "已评分", "练习 1 · 前向差分", "第一个没通过的检查", "你的答案像哪种常见错误",
                  "你的答案的表现和这个常见错误一样：写成了中心差分", "隐藏测试得分",
                  "正文里的例子：f(x) = x**2，x = 3，h = 0.5：forward_difference 不对：得到"):
        assert words in page, f"the Chinese feedback lacks {words!r}"
    text = re.sub(r"<[^>]+>", " ", page)
    left = [w for w in ENGLISH_WORDS if w in text]
    assert not left, f"English left in the Chinese feedback: {left}"


def test_the_english_feedback_stays_english(mixed_class):
    page = _page(mixed_class["out"], "ann", CHAPTER)
    assert "Status:" in page and "状态" not in page
    assert mixed_class["results"][("ann", CHAPTER)].full_marks


def test_a_chapter_counts_once_across_editions(mixed_class, tmp_path):
    results = mixed_class["results"]
    assert ("bo", CHAPTER) in results and ("bo", ZH_CHAPTER) not in results, sorted(results)
    assert ("li", CHAPTER) not in results and ("ann", ZH_CHAPTER) not in results, sorted(results)
    target = tmp_path / "canvas.csv"
    export(mixed_class["out"], "canvas", target, None, ids_are="sis_login_id", allow_incomplete=True,
           log=lambda *a: None)
    rows = list(csv.reader(target.open(encoding="utf-8")))
    assert rows[0].count(CHAPTER) == 1 and ZH_CHAPTER not in rows[0], rows[0]
    column = rows[0].index(CHAPTER)
    scores = {row[0]: row[column] for row in rows[2:]}
    assert scores["ann"] == "4" and scores["li"] == "1.4" and scores["bo"] == "", scores
