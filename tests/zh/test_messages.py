"""The judge's messages in Chinese, from the shared English hidden tests: the catalogue matches
what the course's known mistakes make the judge say, and falls back to English, listed, for what
it cannot match."""

from __future__ import annotations

import pytest

from grader.course.mistakes import known_wrong
from grader.course.model import exercises, find_chapters, read_chapter
from grader.i18n.chapters import edition_ids
from grader.i18n.editions import chapter_key, id_problems, language_of
from grader.i18n.memory import judge_memory
from grader.i18n.message_catalogue import MessageCatalogue
from grader.i18n.units import Unit
from grader.i18n.wording import words_for
from grader.intake.upload_names import Placed, zip_collect_place
from grader.judge.rehearsal import rehearse
from grader.paths import COURSE_DIR
from grader.translation import status
from grader.translation.style import english_words, zero_based_ordinals

from .test_reading import COUNTED_FROM_ONE, ENGLISH_WORDS

PHASE_ONE = ["00_finite_differences", "01_computational_graphs"]
#: the chapters of phase two, as they are translated
PHASE_TWO = ["02_function_and_ctx", "03_backward_engine", "04_shapes", "05_gradcheck", "06_inplace_and_hooks",
             "07_linear_function", "08_modules_and_parameters", "09_training", "10_extending_pytorch",
             "11_reading_old_code",
             "12_higher_order_and_forward_mode"]
TRANSLATED = PHASE_ONE + PHASE_TWO


def catalogue(chapter: str, awaiting_as_english: bool = False) -> MessageCatalogue:
    """The Chinese catalogue of a chapter's messages; with ``awaiting_as_english``, English listed in
    awaiting.txt counts as translated (into itself: the edition shows it until its translation)."""
    units = list(judge_memory("zh", chapter).units.values())
    if awaiting_as_english:
        for scope in status.scopes("zh"):
            if scope.scope in (chapter, "judge"):
                waiting = {a.new for a in scope.awaiting}
                units += [Unit(n.kind, n.english, n.english, n.template) for n in scope.needed
                          if status.english_hash(n.english) in waiting]
    return MessageCatalogue(units)


#: make test tells the first two chapters' mistakes (the catalogue's every mechanism); the later
#: chapters' completeness is the staleness test's (every unit translated), and make test-all runs them.
TOLD = PHASE_ONE + [pytest.param(c, marks=pytest.mark.exhaustive) for c in PHASE_TWO]


@pytest.mark.slow
@pytest.mark.parametrize("chapter_id", TOLD)
def test_every_known_mistake_is_told_in_chinese(chapter_id):
    """Each known mistake of the chapter, rehearsed in-process: every message the judge gives it
    translates with no English left but the kernel's own errors (and English awaiting translation)."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    nb, words = read_chapter(chapter), catalogue(chapter_id, awaiting_as_english=True)
    seen, untranslated = 0, []
    tests_of = {a: e.test_ids for e in exercises(nb) for a in e.answer_ids}
    for wrong in known_wrong(chapter.folder):  # the mistake's own exercise is the one that fails
        run = rehearse(nb, {wrong.answer_id: wrong.code}, cwd=chapter.folder, judge_only=tests_of[wrong.answer_id])
        for outcome in run.outcomes.values():
            if outcome.passed:
                continue
            seen += 1
            said = words.translate_verdict(outcome.message, outcome.case)
            untranslated += [f"{wrong.name}: {part!r} in {outcome.message[:120]!r}" for part in said.untranslated]
            # what a reader must not meet (test_reading.py): an English word of the list, a zero-based 第
            untranslated += [f"{wrong.name}: {found!r} in {said.text[:160]!r}" for found in
                             english_words(said.text, ENGLISH_WORDS) + zero_based_ordinals(said.text, COUNTED_FROM_ONE)]
    assert seen >= len(known_wrong(chapter.folder))
    assert not untranslated, "\n".join(untranslated)


def test_a_message_is_translated_piece_by_piece():
    words = catalogue("00_finite_differences")
    said = words.translate_verdict(
        "x of shape (3, 4): the gradient has shape (12,), expected (3, 4)", ("x of shape (3, 4)",))
    assert said.text == "形状为 (3, 4) 的 x：梯度的形状是 (12,)，应该是 (3, 4)" and not said.untranslated
    said = words.translate("forward_difference(helpers.square, 3.0, 0.5) raised NotImplementedError (the answer "
                           "cell still raises NotImplementedError: replace it with your code)")
    assert said.text == ("forward_difference(helpers.square, 3.0, 0.5) 抛出了 NotImplementedError（答案单元格还在"
                         "抛出 NotImplementedError：把它换成你的代码）")

    # a chain on a call's result is code, kept as it is; the values it names are translated
    said = words.translate("Softplus.apply(a tensor of shape (2,) that requires grad).sum().backward raised "
                           "AttributeError: 'numpy.float64' object has no attribute 'backward'")
    assert said.text == ("Softplus.apply(「一个形状为 (2,) 的张量（需要梯度）」).sum().backward 抛出了 "
                         "AttributeError: 'numpy.float64' object has no attribute 'backward'")
    assert not said.untranslated


def test_the_values_a_placeholder_chooses_and_the_types_it_lists_are_translated_or_kept():
    words = catalogue("12_higher_order_and_forward_mode")
    said = words.translate("func should run 3 times (n = 3), each time on a Dual; it ran 4 times, on Dual, Tensor")
    assert said.text == ("func 应该运行 3 次（n = 3），每次都在一个 Dual 上；它运行了 4 次，"
                         "参数类型是 Dual, Tensor")
    assert not said.untranslated
    said = words.translate_verdict(
        "f = x . (A x), A not symmetric, n = 1, inputs that require grad, a v that does not require grad: hvp wrote "
        "into the caller's inputs.grad: use grad(...), not backward()",
        ("f = x . (A x), A not symmetric, n = 1, inputs that require grad, a v that does not require grad",))
    assert said.text == ("f = x . (A x)，A 不对称，n = 1，inputs 需要梯度，v 不需要梯度："
                         "hvp 写进了调用者的 inputs.grad：用 grad(...)，不要用 backward()") and not said.untranslated


def test_what_nothing_matches_stays_english_and_is_listed():
    words = catalogue("00_finite_differences")
    said = words.translate_verdict("a brand new case: the gradient floats away", ("a brand new case",))
    assert said.text == "a brand new case：the gradient floats away"
    assert said.untranslated == ["a brand new case", "the gradient floats away"]
    said = words.translate("ValueError: local_gradients: unknown operation 'cosh'")  # the kernel's own words
    assert said.text == "ValueError: local_gradients: unknown operation 'cosh'" and not said.untranslated


def test_templates_match_the_most_specific_first_and_keep_the_kernels_errors():
    words = MessageCatalogue([
        Unit("template", "{what} should be {wanted}, got {shown}", "{what} 应该是 {wanted}，实际是 {shown}", True),
        Unit("template", "{what} should be None, got {shown}", "{what} 应该是 None，实际是 {shown}", True),
        Unit("template", "{what} should raise {wanted}, but it raised {error}",
             "{what} 应该抛出 {wanted}，但它抛出了 {error}", True),
        Unit("judge", "the output", "输出"),
    ])
    assert words.translate("the output should be None, got 3").text == "输出应该是 None，实际是 3"
    assert words.translate("the output should raise ValueError, but it raised KeyError: the output").text == \
        "输出应该抛出 ValueError，但它抛出了 KeyError: the output"


def test_the_likely_cause_after_a_kernels_error_is_translated():
    """A hidden test's ``likely(cause)`` appends its cause to the kernel's error after a semicolon:
    the error stays as the kernel said it, the cause is translated (chapter 3's buffers)."""
    words = MessageCatalogue([
        Unit("template", "{self.label} raised {self.error}", "{self.label} 抛出了 {self.error}", True),
        Unit("judge", "a node with two slots", "有两个槽位的节点"),
    ])
    said = words.translate("backward(y) raised IndexError: list index out of range; a node with two slots")
    assert said.text == "backward(y) 抛出了 IndexError: list index out of range；有两个槽位的节点"
    kept = words.translate("backward(y) raised IndexError: a; b; something else")
    assert kept.text == "backward(y) 抛出了 IndexError: a; b; something else"


def test_an_english_submission_is_worded_in_english():
    words = words_for("00_finite_differences")
    message = "the gradient has shape (12,), expected (3, 4)"
    assert words.message(message) == message and words.tr("Status:") == "Status:"
    assert words_for("zh_00_finite_differences").tr("Status:") == "状态："


def test_no_id_of_the_course_is_a_prefix_of_another():
    ids = [i for chapter in edition_ids().values() for i in chapter]
    assert "zh_00_finite_differences" in ids and "00_finite_differences" in ids
    assert id_problems(ids) == []
    assert id_problems(["00_a", "00_a_zh"]) == ["'00_a' is a prefix of '00_a_zh'"]


def test_the_editions_of_a_chapter_map_to_one_key():
    assert chapter_key("zh_01_computational_graphs") == "01_computational_graphs"
    assert chapter_key("01_computational_graphs") == "01_computational_graphs"
    assert language_of("zh_01_computational_graphs") == "zh" and language_of("01_computational_graphs") == "en"
    assert edition_ids()["00_finite_differences"] == ["00_finite_differences", "zh_00_finite_differences"]


def test_an_upload_of_either_edition_lands_in_its_own_chapter():
    notebooks = {c: {c} for chapter in edition_ids().values() for c in chapter}
    chinese = zip_collect_place("zh_00_finite_differences_li_attempt_2026-12-01-09-00-00_"
                                "zh_00_finite_differences.ipynb", notebooks)
    assert chinese == Placed("li", "zh_00_finite_differences", "zh_00_finite_differences.ipynb", "2026-12-01-09-00-00")
    english = zip_collect_place("00_finite_differences_zh_li_attempt_2026-12-01-09-00-00_"
                                "00_finite_differences.ipynb", notebooks)
    assert isinstance(english, Placed)
    assert (english.chapter_id, english.student_id) == ("00_finite_differences", "zh_li")
    wrong = zip_collect_place("00_finite_differences_li_attempt_2026-12-01-09-00-00_zh_00_finite_differences.ipynb",
                              notebooks)
    assert isinstance(wrong, str) and "not a notebook of 00_finite_differences" in wrong


def test_a_template_that_leaves_english_gives_way_to_one_that_does_not():
    """A hidden test's label ending in a placeholder matches longer messages too; the catalogue
    takes the reading that leaves no English: the narrower label, or a message followed by a label."""
    words = MessageCatalogue([
        Unit("template", "{what} should be None, got {shown}", "{what} 应该是 None，实际是 {shown}", True),
        Unit("judge", "the gradient backward returns for input {i}", "backward 为第 {i} 个输入返回的梯度", True),
        Unit("judge", "the gradient backward returns for input {i} (its needs_input_grad is False)",
             "backward 为第 {i} 个输入返回的梯度（它的 needs_input_grad 为 False）", True),
        Unit("template", "{what} should be {wanted}, got {shown}", "{what} 应该是 {wanted}，实际是 {shown}", True),
        Unit("judge", "{what}[{i}] should be the very tensor saved in place {i}, got ",
             "{what}[{i}] 应该是在位置 {i} 保存的那个张量本身，实际是", True),
        Unit("judge", "another tensor (a copy?)", "另一个张量（副本？）"),
        Unit("judge", "saved_tensors after Mul.forward", "Mul.forward 之后的 saved_tensors"),
    ])
    said = words.translate("the gradient backward returns for input 1 (its needs_input_grad is False) should be "
                           "None, got 3")
    assert said.text == "backward 为第 1 个输入返回的梯度（它的 needs_input_grad 为 False）应该是 None，实际是 3"
    assert not said.untranslated
    said = words.translate("saved_tensors after Mul.forward[0] should be the very tensor saved in place 0, got "
                           "another tensor (a copy?)")
    assert said.text == ("Mul.forward 之后的 saved_tensors[0] 应该是在位置 0 保存的那个张量本身，"
                         "实际是另一个张量（副本？）")
    assert not said.untranslated
    assert not words.translate("(True, False)").untranslated  # Python's constants are code


def test_the_longest_label_that_ends_a_text_wins():
    """A case label made of a label and a suffix (``label(...) + ", with a grad that requires grad"``):
    the longer suffix label is the more specific, and must win over a shorter one that also ends it."""
    words = MessageCatalogue([Unit("judge", " that requires grad", "（需要梯度）"),
                              Unit("judge", ", with a grad that requires grad", "，grad 需要梯度"),
                              Unit("judge", "a column", "一列")])
    said = words.translate("a column, with a grad that requires grad")
    assert said.text == "一列，grad 需要梯度" and not said.untranslated


def test_a_kernels_error_of_several_lines_and_a_list_of_names_stay_as_they_are():
    """gradcheck's GradcheckError spans lines (the two Jacobians): after "raised" it is the kernel's
    own text, every line of it; a value the judge joins from names or keyword arguments is code."""
    words = MessageCatalogue([
        Unit("template", "{self.label} raised {self.error}", "{self.label} 抛出了 {self.error}", True),
        Unit("judge", "N={n}, requiring grad: {wanted}", "N={n}，需要梯度的是：{wanted}", True),
        Unit("judge", "c * x, {words}", "c * x，{words}", True),
    ])
    error = ("GradcheckError: Jacobian mismatch for output 0 with respect to input 0,\n"
             "numerical:\n[[1. 0.]]\nanalytical:")
    said = words.translate("gradcheck(f, [x]) raised " + error)
    assert said.text == "gradcheck(f, [x]) 抛出了 " + error and not said.untranslated
    said = words.translate("N=5, requiring grad: x1, x2, weight")
    assert said.text == "N=5，需要梯度的是：x1, x2, weight" and not said.untranslated
    said = words.translate("c * x, atol=0, rtol=0.1")
    assert said.text == "c * x，atol=0, rtol=0.1" and not said.untranslated
    assert words.translate("c * x, the tolerance is too wide").untranslated == ["the tolerance is too wide"]


def test_a_shape_followed_by_another_placeholder_is_split_after_the_shape():
    """``a tensor of shape {_shape(shape)}{wants}``: two placeholders side by side; the shape ends at
    its closing parenthesis, so the words after it are the second placeholder's (chapter 7 calls
    ``TorchLinearFunction.apply(a tensor of shape (1, 2) that requires grad, ...)``)."""
    words = MessageCatalogue([
        Unit("template", "a tensor of shape {_shape(shape)}{wants}", "一个形状为 {_shape(shape)} 的张量{wants}", True),
        Unit("template", " that requires grad", "（需要梯度）"),  # as in judge.md: no placeholder, a label
    ])
    said = words.translate("a tensor of shape (1, 2) that requires grad")
    assert said.text == "一个形状为 (1, 2) 的张量（需要梯度）" and not said.untranslated
    assert words.translate("a tensor of shape (3,)").text == "一个形状为 (3,) 的张量"


def test_a_placeholder_holding_a_list_of_names_keeps_them():
    """A case label's value that lists argument names ("gradient wanted for: input, bias") is code."""
    words = MessageCatalogue([Unit("judge", "N={n}, gradient wanted for: {wanted}", "N={n}，需要梯度的是：{wanted}",
                                   True)])
    said = words.translate("N=2, gradient wanted for: input, bias")
    assert said.text == "N=2，需要梯度的是：input, bias" and not said.untranslated
    assert words.translate("left alone, as it was").untranslated == ["left alone, as it was"]


def test_a_call_with_an_attribute_after_it_is_code():
    words = MessageCatalogue([Unit("template", "{what} raised {error}", "{what} 抛出了 {error}", True)])
    said = words.translate("F.apply(a tensor of shape (1, 2) that requires grad).backward raised KeyError: 'x'")
    assert said.text == "F.apply(a tensor of shape (1, 2) that requires grad).backward 抛出了 KeyError: 'x'"
    assert not said.untranslated


def test_placeholders_side_by_side_are_told_apart():
    """Two placeholders with nothing between them: the toolkit's shape and its ``wants``, a hidden
    test's choice of words and its optional tail. Two lazy wildcards would leave the first empty."""
    words = MessageCatalogue([
        Unit("template", "a tensor of shape {_shape(shape)}{wants}", "一个形状为 {_shape(shape)} 的张量{wants}", True),
        Unit("template", " that requires grad", "（需要梯度）"),
        Unit("judge", "b[{spec}], c {'wide' if w else 'of the window shape'}{', no gradient' if not n else ''}",
             "b[{spec}]，c {'wide' if w else 'of the window shape'}{', no gradient' if not n else ''}", True),
        Unit("judge", "of the window shape", "形状与窗口相同"),
        Unit("judge", ", no gradient", "，不需要梯度"),
    ])
    said = words.translate("a tensor of shape (2, 3) that requires grad")
    assert said.text == "一个形状为 (2, 3) 的张量（需要梯度）" and not said.untranslated
    said = words.translate("b[1:3], c of the window shape, no gradient")
    assert said.text == "b[1:3]，c 形状与窗口相同，不需要梯度" and not said.untranslated
    said = words.translate("b[::2], c of the window shape")
    assert said.text == "b[::2]，c 形状与窗口相同" and not said.untranslated


def test_code_that_names_values_keeps_the_code_and_translates_the_names():
    """The toolkit describes a call by its code, naming each value by a phrase: the code stays, the
    phrases are translated; a text that is not code around the phrases is not taken for code."""
    words = MessageCatalogue([
        Unit("template", "a tensor of shape {_shape(shape)}{wants}", "一个形状为 {_shape(shape)} 的张量{wants}", True),
        Unit("template", " that requires grad", "（需要梯度）"),
        Unit("template", "{self.label} raised {self.error}", "{self.label} 抛出了 {self.error}", True),
    ])
    said = words.translate("a tensor of shape (3,) that requires grad * a tensor of shape (3,).sum().backward() "
                           "raised ZeroDivisionError: float division by zero")
    assert said.text == ("「一个形状为 (3,) 的张量（需要梯度）」 * 「一个形状为 (3,) 的张量」.sum().backward() "
                         "抛出了 ZeroDivisionError: float division by zero")
    assert not said.untranslated
    said = words.translate("clip(a tensor of shape (4,), 1.0).remove")
    assert said.text == "clip(「一个形状为 (4,) 的张量」, 1.0).remove" and not said.untranslated
    said = words.translate("a tensor of shape (4,) went missing somewhere")
    assert said.untranslated


def test_the_optional_tail_a_placeholder_sets_in_is_a_unit():
    """``{', c needs no gradient' if n else ''}``: a tail of words after a comma is set into the
    message as well as a choice of words, so it is a label of its own too."""
    from grader.i18n.extract import prose_strings

    code = "case(f\"b of shape {s}, c {'wide' if w else 'of the window shape'}{', c needs no gradient' if n else ''}\")"
    assert set(text for text, _ in prose_strings(code, frozenset())) == {
        "b of shape {s}, c {'wide' if w else 'of the window shape'}{', c needs no gradient' if n else ''}",
        "wide", "of the window shape", ", c needs no gradient"}


def test_a_kernel_error_of_several_lines_stays_whole_and_a_composed_label_goes_part_by_part():
    """gradcheck's error spans lines (its Jacobians): they are the kernel's words, kept as they are,
    after the translated message. A case label composed at run time ("{where}, {shown}") that no
    unit matches whole is translated part by part between its commas."""
    words = MessageCatalogue([
        Unit("template", "{what} should return a bool, never raise; it raised {error.error}",
             "{what} 应该返回 bool，绝不抛出异常；它却抛出了 {error.error}", True),
        Unit("judge", "x of shape {shape} with an exact zero", "形状为 {shape}、含一个精确的 0 的 x", True),
        Unit("judge", "the default slope", "默认斜率"),
        Unit("judge", "the output", "输出"),
    ])
    said = words.translate("the output should return a bool, never raise; it raised GradcheckError: Jacobian "
                           "mismatch\nnumerical:tensor([[1.0000, 0.0000],\n        dtype=torch.float64)")
    assert said.text == ("输出应该返回 bool，绝不抛出异常；它却抛出了 GradcheckError: Jacobian mismatch\n"
                         "numerical:tensor([[1.0000, 0.0000],\n        dtype=torch.float64)") and not said.untranslated
    label = "x of shape (3,) with an exact zero, negative_slope=0.2"
    said = words.translate_verdict(f"{label}: the output", (label,))
    assert said.text == "形状为 (3,)、含一个精确的 0 的 x，negative_slope=0.2：输出" and not said.untranslated
    said = words.translate_verdict("x of shape (3,) with an exact zero, a new slope: the output",
                                   ("x of shape (3,) with an exact zero, a new slope",))
    assert said.untranslated == ["x of shape (3,) with an exact zero, a new slope"]
