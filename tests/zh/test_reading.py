"""What a native reader of the Chinese edition must not meet, on every page, message and picture:
English words left in Chinese text (``ENGLISH_WORDS``), an index after 第 that counts from zero,
one data set under two names, one English under two translations, ASCII quotes around Chinese,
half-width punctuation between Chinese characters, and printed tables that line up in English but
not in Chinese. Each check is first shown to fail on a planted example (i18n/README.md says why).

The rehearsed feedback of the known mistakes is checked in test_messages.py, with the same words."""

from __future__ import annotations

import re
from collections import defaultdict

import nbformat
import pytest

from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import ZH
from grader.i18n.extract import code_tokens
from grader.paths import REPO_ROOT
from grader.translation import status
from grader.translation.glossary import read_glossary
from grader.translation.style import (
    HAN,
    ascii_quoted_chinese,
    english_words,
    half_width_punctuation,
    misaligned_tables,
    zero_based_ordinals,
)

#: English words a reader of the Chinese edition must not meet in its prose, outputs, pictures and
#: messages (outside code, quotations of torch and the kernel's own errors): the words the readings
#: found left in English, and the small words of any English sentence. Names that are the course's
#: code (input, values, clipped, shape, steps: arguments and variables a message names; with, a
#: keyword: with 块) are not here.
ENGLISH_WORDS = ("step", "loss", "output", "minimum", "value", "version", "first", "second", "leaves",
                 "intermediates", "replaces", "primal", "tangent", "where", "else", "instead", "these",
                 "settings", "right", "wrong", "alone", "gradient", "and", "or", "the", "of", "is", "not",
                 "after", "before")
#: Names set into 第 {...} that count from one, and where: every other index is zero-based (a
#: position in a list, an input's number) and reads 下标 {i}, 输入 {i}, {i} 号.
COUNTED_FROM_ONE = {
    "call": "chapter 3: for call in (1, 2)",
    "number": "the feedback's answer cell, index + 1",
}
GLOSSARY = read_glossary("zh")
SCOPES = status.scopes("zh")
UNITS = [(scope.scope, unit) for scope in SCOPES for unit in scope.units if unit.translated]
#: English kept on purpose (i18n/README.md): a unit translated into itself, and quotations of English.
VERBATIM = {unit.english for _, unit in UNITS if unit.translation == unit.english and unit.kind != "md"}
QUOTED = re.compile(r"'[^'\n]+'|\"[^\"\n]+\"")
#: A run of three English words or more that an output shares with the English edition's: torch's or
#: the library's own words (an error printed), which the Chinese edition shows as they are.
SHARED_RUN = re.compile(r"[A-Za-z#'`][\w'#.,;:()<>`-]*(?:[ \t]+[\w'#.,;:()<>`-]+){2,}")


def _plain(unit) -> str:
    """A unit's translation without the English quotations it keeps from its English."""
    text = unit.translation
    for quote in set(QUOTED.findall(unit.english)):
        text = text.replace(quote, " ")
    return text


def test_each_check_fails_on_a_planted_example():
    assert english_words("torch        leaves        钩子挂在 first  输入上", ENGLISH_WORDS) == ["leaves", "first"]
    assert english_words("SGD.step：讲过的例子给出 p = [0.8, 0.46] and 7 次运行的终点一致", ENGLISH_WORDS) == ["and"]
    assert not english_words("net.first.weight、grad_output、opt.step()、steps=20、消息应该写 'is at version 2'",
                             ENGLISH_WORDS)
    assert not english_words("backward(y) 抛出了 RuntimeError: the graph was freed; 实际是：saved tensor of x",
                             ENGLISH_WORDS)
    assert zero_based_ordinals("{what}：第 {i} 项应该就是当初保存的那个张量本身") == ["第 {i}"]
    assert zero_based_ordinals("模型对第 {i} 到第 {i + 99} 个测试点的输出") == ["第 {i}", "第 {i + 99}"]
    assert zero_based_ordinals("18 * J 的第 0 行：") == ["第 0"]
    assert not zero_based_ordinals("第 {k + 1} 次修改之后；第 0 章；第 {call} 次调用后", COUNTED_FROM_ONE)
    assert GLOSSARY.check("the moons", "月牙数据") and GLOSSARY.check("on the full batch", "在整批数据上")
    assert ascii_quoted_chinese('用 Tensor(a.data) 把 a "复制"成一个新张量') == ['"复制"']
    assert not ascii_quoted_chinese("消息以 'one of the variables' 开头；“复制”")
    assert half_width_punctuation("（用点连接的名字, 参数）") and not half_width_punctuation("_seed(0, 一个向量, None)")
    english = "s = 0.5 (too small)      agree\ns = 1 (PyTorch's default) agree"
    assert not misaligned_tables(english, english)
    assert misaligned_tables("a (small)    agree\nbb (large)   agree", "a（小）    一致\nbb（大了）  一致")
    assert not misaligned_tables("a (small)    agree\nbb (large)   agree", "a（小）      一致\nbb（大）     一致")


@pytest.mark.parametrize("item", UNITS, ids=lambda item: f"{item[0]}:{item[1].hash}")
def test_a_translation_reads_as_chinese(item):
    """No English word of the list, no zero-based 第, no ASCII quotes around Chinese, no half-width
    punctuation between Chinese characters, in any unit (English kept on purpose aside)."""
    scope, unit = item
    if unit.english in VERBATIM and unit.translation == unit.english:
        return
    text = _plain(unit)
    problems = [f"English {w!r}" for w in english_words(text, ENGLISH_WORDS)]
    problems += [f"a zero-based index after 第: {o}" for o in zero_based_ordinals(text, COUNTED_FROM_ONE)]
    problems += [f"ASCII quotes around Chinese: {q}" for q in ascii_quoted_chinese(text)]
    problems += [f"half-width punctuation: {p!r}" for p in half_width_punctuation(text)]
    assert not problems, f"{scope} unit {unit.hash} ({unit.kind}, line {unit.line}):\n" + "\n".join(problems)


def test_one_english_has_one_chinese():
    """The same English (a label, a message, a comment) reads the same in every chapter: the graph's
    side label was 前向计算的方向 in chapters 1-3 and 前向方向 in 6 and 10."""
    seen: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for scope, unit in UNITS:
        if unit.kind != "md":
            seen[unit.english][unit.translation].append(scope)
    differ = {english: dict(found) for english, found in seen.items() if len(found) > 1}
    assert not differ, "\n".join(f"{e!r}: {t}" for e, t in differ.items())


def test_a_data_set_has_one_name():
    """Chapter 9's data sets have one glossary entry each, whose other spellings no unit uses (the
    glossary check of test_translations.py), and the entry's word is the one the units use."""
    sets = [t for t in GLOSSARY.terms if "data set" in t.note]
    assert {t.english for t in sets} == {"moons", "blobs"} and all(t.avoid for t in sets)
    for term in sets:
        assert any(term.chinese in u.translation for _, u in UNITS), term
        used = [(scope, u.hash, wrong) for scope, u in UNITS for wrong in term.avoid if wrong in u.translation]
        assert not used, f"{term.english} is {term.chinese}, not: {used}"
    assert len({t.english for t in GLOSSARY.terms}) == len(GLOSSARY.terms), "a term with two rows"


def _cells(path):
    nb = nbformat.read(path, as_version=4)
    return [c for c in nb.cells if c.get("id") != "chinese-font"]


def _stream(cell) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def _own_words(line: str, english_output: str) -> str:
    """An output line without the runs of English it shares with the English edition's output of
    the same cell (``SHARED_RUN``: torch's or the library's words)."""
    for run in SHARED_RUN.findall(line):
        if run.strip() in english_output:
            line = line.replace(run, " ")
    return line


def _page_texts(chapter):
    """(where, text) of what a reader reads on a built Chinese page: Markdown, the comments and
    shown strings of its code, and the lines of its printed output that hold Chinese."""
    zh = _cells(ZH.solutions_dir / chapter.chapter_id / chapter.notebook_name)
    english_id = chapter.english_id
    en = _cells(REPO_ROOT / "solutions" / english_id / f"{english_id}.ipynb")
    assert len(en) == len(zh), chapter.chapter_id
    for index, (ours, theirs) in enumerate(zip(zh, en, strict=True)):
        if ours.cell_type == "markdown":
            yield f"cell {index}", ours.source
            continue
        for token in code_tokens(ours.source):
            if (token.comment or token.shown) and token.text not in VERBATIM:
                yield f"cell {index}", token.text
        english_output = _stream(theirs)
        for line in _stream(ours).split("\n"):
            if re.search(f"[{HAN}]", line):
                yield f"cell {index} output", _own_words(line, english_output)


@pytest.mark.parametrize("chapter", translated_chapters(ZH), ids=lambda c: c.chapter_id)
def test_a_chinese_page_carries_no_english_word_and_no_zero_based_ordinal(chapter):
    problems = [f"{where}: {found} in {text[:100]!r}" for where, text in _page_texts(chapter)
                for found in english_words(text, ENGLISH_WORDS) + zero_based_ordinals(text, COUNTED_FROM_ONE)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("chapter", translated_chapters(ZH), ids=lambda c: c.chapter_id)
def test_a_printed_table_lines_up_in_chinese_too(chapter):
    """A table whose columns line up in the English output lines up in the Chinese one, where a
    Chinese character takes two columns (Python pads a text by characters)."""
    zh = _cells(ZH.solutions_dir / chapter.chapter_id / chapter.notebook_name)
    en = _cells(REPO_ROOT / "solutions" / chapter.english_id / f"{chapter.english_id}.ipynb")
    bad = [table for ours, theirs in zip(zh, en, strict=True)
           for table in misaligned_tables(_stream(theirs), _stream(ours))]
    assert not bad, "\n\n".join(bad)


#: make test reads the pictures of chapter 9 (a loss curve, a legend, a decision boundary: the
#: library's plotting functions with Chinese words); make test-all reads every chapter's.
PICTURED = [c if c.english_id == "09_training" else pytest.param(c, marks=pytest.mark.exhaustive)
            for c in translated_chapters(ZH)]


@pytest.mark.slow
@pytest.mark.parametrize("chapter", PICTURED, ids=lambda c: getattr(c, "chapter_id", None))
def test_a_chinese_picture_carries_no_english_word(chapter):
    """Every text the chapter's pictures draw (titles, axes, legends, a graph's boxes), read as it is
    drawn (``grader.translation.picture_words``)."""
    from grader.translation.picture_words import picture_words

    problems = [f"cell {drawn.cell}: {found} in {drawn.text!r}" for drawn in picture_words(chapter)
                for found in english_words(drawn.text, ENGLISH_WORDS) + zero_based_ordinals(drawn.text)
                + half_width_punctuation(drawn.text)]
    assert not problems, "\n".join(problems)
