"""The Chinese edition against the English: nothing stale, nothing untranslated, one glossary, the
same code. What these tests check is what ``python -m grader.i18n status`` prints."""

from __future__ import annotations

import re
import shutil
from collections import Counter

import nbformat
import pytest

from grader.course.model import Chapter, exercises, find_chapters, hidden_tests, read_chapter
from grader.i18n.assemble import AWAITING_NOTICE, TranslationBreaksCode, translated_source
from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import ZH
from grader.i18n.extract import code_tokens
from grader.i18n.memory import Memory
from grader.i18n.message_catalogue import slots
from grader.i18n.prose import english_runs, is_prose
from grader.i18n.units import Unit, format_units, parse_units, read_units
from grader.translation import status
from grader.translation.glossary import read_glossary

GLOSSARY = read_glossary("zh")
SCOPES = status.scopes("zh")
UNITS = [(scope.scope, unit) for scope in SCOPES for unit in scope.units if unit.translated]
#: An inline code span or formula may go on over a line break (not a blank line), as Markdown allows:
#: the English wraps its lines where a translation may not, so both are compared with that break as a space.
CODE_SPAN = re.compile(r"`[^`\n]+(?:\n[^`\n]+)*`")
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+(?:\n[^$\n]+)*\$", re.DOTALL)
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
LINE_BREAK = re.compile(r"[ \t]*\n[ \t]*")
#: A quotation ('...' or "...") that a translation keeps word for word: torch's words, a dict's key.
QUOTED = re.compile(r"'[^'\n]+'|\"[^\"\n]+\"")


def _spans(pattern: re.Pattern, text: str) -> list[str]:
    """The code spans or formulas of Markdown ``text`` outside its fenced blocks, line breaks as spaces."""
    return [LINE_BREAK.sub(" ", m) for m in pattern.findall(FENCE.sub(" ", text))]


def _without_kept_quotes(english: str, chinese: str) -> tuple[str, str]:
    """Both texts without the quotations of the English that the translation keeps as they are."""
    for quote in set(QUOTED.findall(english)):
        if quote in chinese:
            english, chinese = english.replace(quote, " "), chinese.replace(quote, " ")
    return english, chinese


#: A placeholder's padding of a text to a width ("{name:13s}", "{key:>20s}"): a translation may set
#: another, since a Chinese character takes two columns (i18n/README.md: aligned tables).
TEXT_WIDTH = re.compile(r":[<>^]?\d*s?$")
#: The words a placeholder of a code cell's message chooses ("{eps or 'the default 1e-5'}"): a
#: translation writes them in Chinese; the expression around them stays.
SLOT_WORDS = re.compile(r"'[^']*'|\"[^\"]*\"")


def _without_width(slot: str) -> str:
    return SLOT_WORDS.sub("''", TEXT_WIDTH.sub("", slot))


def _label(item):
    scope, unit = item
    return f"{scope}:{unit.hash}"


def test_every_chapter_is_translated():
    assert [c.chapter_id for c in translated_chapters(ZH)] == ["zh_00_finite_differences",
                                                                "zh_01_computational_graphs",
                                                                "zh_02_function_and_ctx",
                                                                "zh_03_backward_engine",
                                                                "zh_04_shapes",
                                                                "zh_05_gradcheck",
                                                                "zh_06_inplace_and_hooks",
                                                                "zh_07_linear_function",
                                                                "zh_08_modules_and_parameters",
                                                                "zh_09_training",
                                                                "zh_10_extending_pytorch",
                                                                "zh_11_reading_old_code",
                                                                "zh_12_higher_order_and_forward_mode"]


def test_nothing_is_stale_missing_or_wrongly_awaiting():
    problems = [p for scope in SCOPES for p in scope.problems()]
    assert not problems, "run `python -m grader.i18n status`:\n" + "\n".join(problems)


@pytest.mark.parametrize("item", UNITS, ids=_label)
def test_a_translation_keeps_code_math_placeholders_and_the_glossary(item):
    scope, unit = item
    english, chinese = unit.english, unit.translation
    # English kept on purpose is left alone, as i18n/README.md says: a unit (other than a Markdown
    # cell) translated into itself (torch's words a solution repeats, a string the code compares,
    # such as the " Hint:" it splits torch's message at), and a quotation the translation keeps.
    verbatim = chinese == english and unit.kind != "md"
    plain_english, plain_chinese = _without_kept_quotes(english, chinese)
    problems = [] if verbatim else GLOSSARY.check(plain_english, plain_chinese)
    if unit.kind == "md":  # a website page may name the edition's own commands (make lab EDITION=zh)
        spans = Counter(_spans(CODE_SPAN, english)) - Counter(_spans(CODE_SPAN, chinese))
        problems += [f"code span {s} is gone" for s in spans]
        flat = LINE_BREAK.sub(" ", chinese)
        formulas = [m for m in _spans(MATH, english) if "\\text" not in m and m not in flat]
        problems += [f"formula {m[:40]} is gone" for m in formulas]
    # the braces of a plot label's LaTeX ($\mathbb{R}^n$) are no placeholders: its translation writes
    # the math in Unicode
    if unit.template or unit.kind == "ui" or (unit.kind == "code" and "{" in MATH.sub("", english)):
        same = _without_width if unit.kind == "code" else str  # a judge's template renders by the English slots
        if sorted(map(same, slots(english))) != sorted(map(same, slots(chinese))):
            problems.append(f"placeholders {slots(english)} became {slots(chinese)}")
    if unit.kind != "code" and not verbatim:
        runs = english_runs(plain_chinese, GLOSSARY.kept)
        problems += [f"English left untranslated: {r!r}" for r in runs]
    assert not problems, f"{scope} unit {unit.hash} ({unit.kind}, line {unit.line}):\n" + "\n".join(problems)


def test_the_glossary_flags_a_wrong_term_and_english_prose():
    assert GLOSSARY.check("The gradient of f.", "f 的斜度。")
    assert GLOSSARY.check("Backpropagation by hand", "手动逆传播")
    assert not GLOSSARY.check("Backpropagation by hand", "亲手做反向传播")
    assert GLOSSARY.check("a tensor of shape (3,)", "一个形状为 (3,) 的 Tensor")  # the term
    assert not GLOSSARY.check("a Tensor of shape (3,)", "一个形状为 (3,) 的 Tensor")  # the class, by name
    assert not GLOSSARY.check("new Tensors made from .data", "用 .data 新造的 Tensor")
    assert GLOSSARY.check("a Tensor of tensors", "一个 Tensor")
    assert english_runs("这里有一句 left in English 的话", GLOSSARY.kept)
    assert not english_runs("按下 **Validate**，用 `grad_fn` 和 PyTorch", GLOSSARY.kept)


@pytest.mark.parametrize("chapter", translated_chapters(ZH), ids=lambda c: c.chapter_id)
def test_a_translated_chapter_shares_cells_grades_and_hidden_tests(chapter):
    english = read_chapter(Chapter(chapter.english_id, chapter.folder))
    chinese = read_chapter(chapter)
    assert hidden_tests(chinese) == hidden_tests(english)
    assert exercises(chinese) == exercises(english)
    assert [c.metadata for c in english.cells if c.metadata.get("nbgrader")] == \
        [c.metadata for c in chinese.cells if c.metadata.get("nbgrader")]
    scope = next(s for s in SCOPES if s.scope == chapter.english_id)
    awaiting = {a.new for a in scope.awaiting}
    waiting_cells = [n for n in scope.needed if n.kind == "md" and status.english_hash(n.english) in awaiting]
    assert "".join(c.source for c in chinese.cells).count(AWAITING_NOTICE) == len(waiting_cells)
    kept = GLOSSARY.kept
    verbatim = {u.english for u in scope.units if u.kind == "code" and u.translation == u.english}  # torch's words
    left = [t.text for c in chinese.cells if c.cell_type == "code" for t in code_tokens(c.source)
            if is_prose(t.text, kept) and english_runs(t.text, kept) and status.english_hash(t.text) not in awaiting
            and t.text not in verbatim]
    assert not left, f"English prose left in the code cells: {left}"


def test_a_translation_that_changes_code_is_refused():
    chapter = translated_chapters(ZH)[0]
    english = read_chapter(Chapter(chapter.english_id, chapter.folder))
    token = next(t for c in english.cells if c.cell_type == "code" for t in code_tokens(c.source)
                 if not t.comment and t.text.startswith("forward_difference(x**2"))
    memory = Memory.of([Unit("code", token.text, 'oops", 1)  # a quote that ends the string')])
    with pytest.raises(TranslationBreaksCode):
        translated_source(chapter, memory)


def test_a_changed_english_is_stale_until_it_is_awaiting(tmp_path, monkeypatch):
    """An English fix to a translated cell: its unit is stale and the new English missing, which the
    status reports; listed in awaiting.txt the edition is in order again, and the page shows the
    English with a notice."""
    course = tmp_path / "course"
    source = next(c for c in find_chapters(status.COURSE_DIR) if c.chapter_id == "00_finite_differences")
    shutil.copytree(source.folder, course / source.chapter_id)
    data = tmp_path / "i18n"
    shutil.copytree(ZH.data_dir, data)
    monkeypatch.setattr(type(ZH), "data_dir", property(lambda self: data))

    def chapter_scope():
        return next(s for s in status.scopes("zh", course) if s.scope == source.chapter_id)

    before = chapter_scope()
    assert before.problems() == []
    text = source.source_path.read_text(encoding="utf-8")
    old = next(n.english for n in before.current if n.kind == "md" and n.english.splitlines()[-1] in text)
    last = old.splitlines()[-1]
    changed = old[:len(old) - len(last)] + last + " (Fixed.)"
    (course / source.chapter_id / source.source_path.name).write_text(text.replace(last, last + " (Fixed.)", 1),
                                                                      encoding="utf-8")
    after = chapter_scope()
    new_missing = {status.english_hash(n.english) for n in after.missing} - \
        {status.english_hash(n.english) for n in before.missing}
    new_stale = {u.hash for u in after.stale} - {u.hash for u in before.stale}
    assert new_missing == {status.english_hash(changed)} and new_stale == {status.english_hash(old)}
    problems = after.problems()
    assert any("no translation" in p for p in problems) and any("stale unit" in p for p in problems), problems
    with open(data / "awaiting.txt", "a", encoding="utf-8") as handle:
        handle.write(f"{source.chapter_id} {status.english_hash(changed)} {status.english_hash(old)}  # fixed\n")
    assert chapter_scope().problems() == []
    [chinese] = [c for c in translated_chapters(ZH, course) if c.english_id == source.chapter_id]
    shown = [c.source for c in translated_source(chinese).cells if c.source.startswith(AWAITING_NOTICE)]
    assert any(s.endswith(last + " (Fixed.)") for s in shown), shown
    with open(data / "awaiting.txt", "a", encoding="utf-8") as handle:
        handle.write(f"{source.chapter_id} 0123456789ab\n")
    assert any("awaiting.txt lists 0123456789ab" in p for p in chapter_scope().problems())


def test_unit_files_round_trip_and_refuse_a_hand_edited_english():
    units = [Unit("md", "## A title\n\nSome text.", "## 标题\n\n一些文字。"), Unit("judge", "x of {shape}", "", True)]
    text = format_units(units, "<!-- a note -->")
    again = parse_units(text)
    assert [(u.kind, u.english, u.translation, u.template) for u in again] == \
        [(u.kind, u.english, u.translation, u.template) for u in units]
    with pytest.raises(ValueError, match="hashes to"):
        parse_units(text.replace("Some text.", "Some other text."))


def test_the_built_chinese_release_is_the_translated_source(tmp_path):
    """assignments-zh/ holds the translation of today's English (make build ran after the last change)."""
    for chapter in translated_chapters(ZH):
        built = nbformat.read(ZH.assignments_dir / chapter.chapter_id / chapter.notebook_name, as_version=4)
        markdown = [c.source for c in read_chapter(chapter).cells if c.cell_type == "markdown"]
        assert [c.source for c in built.cells if c.cell_type == "markdown"] == markdown, (
            f"{chapter.chapter_id}: assignments-zh/ is stale: run `make build`")


def test_every_unit_file_parses():
    for scope in SCOPES:
        read_units(scope.path)


#: make test runs chapters 0 and 1 here; the build executes every Chinese solution (its visible
#: tests included) and test_zh_build compares it with the committed one; make test-all runs the rest.
SOLVED = [c if c.english_id in ("00_finite_differences", "01_computational_graphs")
          else pytest.param(c, marks=pytest.mark.exhaustive) for c in translated_chapters(ZH)]


@pytest.mark.slow
@pytest.mark.parametrize("chapter", SOLVED, ids=lambda c: getattr(c, "chapter_id", None))
def test_the_chinese_solution_passes_its_tests_in_process(chapter):
    """The translated source, Chinese docstrings, messages and labels in its code, passes every
    visible and hidden test, as the English does: translating changed no behaviour."""
    from support.in_process import run_in_process

    outcomes = run_in_process(read_chapter(chapter), cwd=chapter.folder)
    failures = {g: o.message for g, o in outcomes.items() if not o.passed}
    assert outcomes and not failures, f"{chapter.chapter_id}: the Chinese solution fails its own tests: {failures}"


def test_code_handed_to_the_kernel_by_name_is_not_prose():
    """A hidden test may keep the kernel's code in a named string (``KIT = '''...'''``, then
    ``student.helpers(KIT + MORE)``): that code, docstrings and all, is never shown, so never a unit."""
    from grader.i18n.extract import prose_strings

    code = ('SHARED = """def f(p):\n    """ + "\'\'\'the words of a docstring here\'\'\'" + """\n    return p\n"""\n'
            'kit = student.helpers(SHARED + "x = 1")\n'
            'fail("the message a student reads")\n')
    assert [text for text, _ in prose_strings(code, GLOSSARY.kept)] == ["the message a student reads"]


def test_what_a_message_sets_into_its_placeholders_is_a_unit_too():
    """The words a placeholder chooses between, the case names kept in the kernel's code (the keys of
    its dicts) and a case label of short names are units: the messages show them. A call is code."""
    from grader.i18n.extract import prose_strings

    code = ('KIT = """functions = {"x . (A x), A not symmetric": None, "t**3": None}"""\n'
            'kit = student.helpers(KIT)\n'
            'with case(f"f = {name}, n = {n}, m = {m}"):\n'
            '    fail(f"inputs that {\'require\' if needs else \'do not require\'} grad, "\n'
            '         f"ran on {calls or \'nothing\'}")\n'
            'with case(f"f({x!r})"):\n'
            '    fail(f"{where}, {\'the default\' if s is None else f\'s={s}\'}, {\'None\' if g is None else g}")\n')
    found = prose_strings(code, GLOSSARY.kept)
    assert ("x . (A x), A not symmetric", False) in found and ("t**3", False) not in found
    assert {("require", False), ("do not require", False), ("nothing", False)} <= set(found)
    assert ("f = {name}, n = {n}, m = {m}", True) in found
    assert not [text for text, _ in found if text.startswith(("f({", "{where}"))] and ("None", False) not in found
    assert ("the default", False) in found
