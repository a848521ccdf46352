"""Phase two's chapters through the real autograder, in Chinese: the Chinese solution earns full
marks, and a Chinese submission with a known mistake gets its feedback in Chinese (the diagnosis,
the judge's messages, the summary). Chapter 0 has its own, fuller run (``test_zh_grading.py``).

One run grades two students per chapter: ``mei`` submits the Chinese solution, ``li`` the Chinese
solution with one known mistake in one exercise.
"""

from __future__ import annotations

import re

import nbformat
import pytest

from grader.course.mistakes import known_wrong
from grader.course.model import cell_kind, read_chapter
from grader.examples.make_examples import MARKER, answered
from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import ZH
from grader.paths import COURSE_DIR
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

from .test_zh_grading import ENGLISH_WORDS

#: make test grades a Chinese submission through the real autograder in test_zh_grading.py
#: (chapter 0, the same path); this run of the later chapters is make test-all's.
pytestmark = [pytest.mark.slow, pytest.mark.exhaustive, pytest.mark.xdist_group("zh-grading")]

#: chapter -> (answer cell, known mistake, its Chinese name, an exercise title in the feedback)
WRONG = {
    "02_function_and_ctx": ("mul", "forgets_grad_output", "忘了传进来的梯度", "练习 3 · `Mul`（1 分）"),
    "03_backward_engine": ("topological_order", "not_reversed", "后序没有反过来",
                           "练习 1 · `topological_order`（2 分）"),
    "04_shapes": ("transpose_backward", "last_two_dims", "总是最后两个轴", "练习 3 · `Transpose` 的 backward（1 分）"),
    "05_gradcheck": ("layer_norm", "forgot_mean_term", "忘了均值那一项", "练习 5 · 层归一化的 backward（3 分）"),
    "06_inplace_and_hooks": ("mul_inplace", "saves_a_itself", "保存 a 本身，而不是旧 a 的副本",
                             "练习 2 · `MulInplace`（3 分）"),
    "07_linear_function": ("linear_function", "bias_grad_mean", "偏置的梯度取了平均",
                           "练习 1 · `LinearFunction`（6 分）"),
    "08_modules_and_parameters": ("module_setattr", "forgets_submodules", "子模块没有注册",
                                  "练习 1 · `Module.__setattr__`（3 分）"),
    "09_training": ("cross_entropy_function", "targets_on_the_class", "targets 存在了类上",
                    "练习 2 · 把交叉熵写成 `Function`（3 分）"),
    "10_extending_pytorch": ("sort_function", "gather", "用了 gather 而不是 scatter", "练习 3 · 沿某一维排序（2 分）"),
    "11_reading_old_code": ("leaky_relu_function", "slope_on_the_class", "斜率存在了类上",
                            "练习 1 · 移植 `LeakyReLU`（3 分）"),
    "12_higher_order_and_forward_mode": ("hvp", "no_create_graph", "没有 create_graph", "练习 2 · `hvp`（3 分）"),
}


def _chinese_solution(chapter_id: str) -> tuple[nbformat.NotebookNode, dict[str, str]]:
    """The chapter's Chinese release and its Chinese solution (the answer cells of the translated source)."""
    chapter = next(c for c in translated_chapters(ZH) if c.english_id == chapter_id)
    answers = {cell.metadata["nbgrader"]["grade_id"]: MARKER.sub("", cell.source)
               for cell in read_chapter(chapter).cells if cell_kind(cell) == "answer"}
    release = nbformat.read(ZH.assignments_dir / chapter.chapter_id / chapter.notebook_name, as_version=4)
    return release, answers


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("zh-phase-two")
    for chapter_id, (answer_id, name, _, _) in WRONG.items():
        release, answers = _chinese_solution(chapter_id)
        wrong = next(k.code for k in known_wrong(COURSE_DIR / chapter_id)
                     if k.answer_id == answer_id and k.name == name)
        zh_id = ZH.assignment_id(chapter_id)
        for student, submitted in [("mei", answers), ("li", {**answers, answer_id: wrong})]:
            folder = root / "in" / student / zh_id
            folder.mkdir(parents=True)
            nbformat.write(answered(release, submitted), folder / f"{zh_id}.ipynb")
    out = root / "out"
    results = autograde(root / "in", out, COURSE_DIR, GradingSettings(jobs=2, cell_timeout=30), log=lambda *a: None)
    return {"out": out, "results": {(r.student_id, r.assignment_id): r for r in results}}


def _page(out, student, assignment) -> str:
    [page] = (out / "feedback" / student / assignment).glob("*.html")
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("chapter_id", sorted(WRONG))
def test_the_chinese_solution_earns_full_marks(graded, chapter_id):
    result = graded["results"][("mei", ZH.assignment_id(chapter_id))]
    assert result.status.value == "graded", result.reasons
    assert result.full_marks, {e.exercise: e.score for e in result.exercises}


@pytest.mark.parametrize("chapter_id", sorted(WRONG))
def test_a_chinese_submission_with_a_mistake_gets_chinese_feedback(graded, chapter_id):
    answer_id, name, chinese_name, title = WRONG[chapter_id]
    zh_id = ZH.assignment_id(chapter_id)
    result = graded["results"][("li", zh_id)]
    assert result.status.value == "graded", result.reasons
    lost = {e.exercise for e in result.exercises if not e.full}
    assert lost == {answer_id}, {e.exercise: (e.score, e.max_score) for e in result.exercises}
    assert result.diagnoses[answer_id]["name"] == name
    assert result.diagnoses[answer_id]["mistake"] == chinese_name
    page = _page(graded["out"], "li", zh_id)
    assert re.search(r"<html[^>]*\blang=\"zh-CN\"", page)
    for words in ("状态：", "已评分", "隐藏测试得分", f"你的答案的表现和这个常见错误一样：{chinese_name}"):
        assert words in page, f"the Chinese feedback lacks {words!r}"
    text = re.sub(r"<[^>]+>", " ", page)
    left = [w for w in ENGLISH_WORDS if w in text and w != "the worked example"]
    assert not left, f"English left in the Chinese feedback: {left}"
    compact = re.sub(r"\s+", "", text)  # the title's code font is a tag of its own on the page
    assert re.sub(r"[\s`]+", "", title) in compact, f"the Chinese feedback lacks the exercise {title!r}"
