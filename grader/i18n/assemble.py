"""A translated chapter's nbgrader source notebook: the English one, with its units applied.

The English source notebook (``read_chapter``) is the starting point, so everything that grades
comes from it unchanged: cells, grade ids, points, solutions, hidden tests, tags. Then

- each Markdown cell becomes its translation; a cell without a current one (its English changed,
  or it is new) shows the English with a notice (``AWAITING_NOTICE``);
- each comment and string of a code cell (``extract.code_tokens``) becomes its translation when
  it has one (a lone word only in a cell that shows it: ``translate_code``); nothing else of a
  code cell changes, which ``check_same_code`` proves cell by cell (the syntax trees are equal
  once strings are set aside, and the hidden tests are equal);
- a cell that lets matplotlib draw Chinese (``FONT_CELL``) follows the first code cell that
  imports matplotlib;
- the notebook's metadata names its edition (``course_edition``), which grading reads.
"""

from __future__ import annotations

import ast

import nbformat

from grader.course.model import Chapter, hidden_tests, read_chapter
from grader.i18n.extract import code_tokens
from grader.i18n.memory import Memory, chapter_memory
from grader.i18n.prose import is_prose

AWAITING_NOTICE = ("> **译文待更新：** 这一段的英文原文刚刚改过（或是新加的），中文译文还没有跟上，"
                   "下面先给出英文原文。\n\n")
FONT_CELL = ("# 图里有中文，需要中文字体；找不到时，中文会显示成方框\n"
             "# （Debian/Ubuntu：sudo apt install fonts-noto-cjk）。\n"
             "from autograd_lib.viz import use_chinese_font\n"
             "\n"
             "use_chinese_font()")


class TranslationBreaksCode(ValueError):
    """A translation changed a code cell beyond its comments and strings."""


def english_chapter(chapter: Chapter) -> Chapter:
    """The English chapter a translated one comes from."""
    return Chapter(chapter.english_id, chapter.folder, list(chapter.extra_files))


def translated_source(chapter: Chapter, memory: Memory | None = None) -> nbformat.NotebookNode:
    """The nbgrader source notebook of a translated chapter (see the module doc)."""
    english = read_chapter(english_chapter(chapter))
    memory = memory or chapter_memory(chapter.language, chapter.english_id)
    nb = nbformat.from_dict(english)
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.source.strip():
            found = memory.get(cell.source)
            cell.source = found if found is not None else AWAITING_NOTICE + cell.source
        elif cell.cell_type == "code":
            cell.source = translate_code(cell.source, memory)
    _add_font_cell(nb)
    nb.metadata["course_edition"] = {"language": chapter.language, "english_id": chapter.english_id}
    check_same_code(english, nb)
    return nb


def translate_code(source: str, memory: Memory) -> str:
    """``source`` with each comment and string that has a translation replaced by it. A lone word
    (``"step"``, ``"first"``) is translated only in a cell that shows it (``extract``: a comment, a
    label, a print), and there wherever it stands, so that the cell's code still compares the same
    words (``hooked == "first"``); elsewhere it is code (``state["step"]``) and stays."""
    tokens = code_tokens(source)
    shown = {t.text for t in tokens if t.shown or t.comment}
    for token in reversed(tokens):
        found = memory.get(token.text)
        if found is None or (not is_prose(token.text) and token.text not in shown):
            continue
        if token.comment and "\n" in found:
            raise TranslationBreaksCode(f"the translation of the comment {token.text!r} spans several lines")
        source = source[:token.start] + found + source[token.end:]
    return source


def _add_font_cell(nb: nbformat.NotebookNode) -> None:
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and any(line.startswith(("import matplotlib", "from matplotlib"))
                                            for line in cell.source.splitlines()):
            font = nbformat.v4.new_code_cell(FONT_CELL)
            font["id"] = "chinese-font"
            font.metadata = {}
            font.outputs, font.execution_count = [], None
            nb.cells.insert(index + 1, font)
            return


def check_same_code(english: nbformat.NotebookNode, translated: nbformat.NotebookNode) -> None:
    """Raise ``TranslationBreaksCode`` unless ``translated`` has the same code as ``english``."""
    code = [c for c in translated.cells if c.cell_type == "code" and c.get("id") != "chinese-font"]
    originals = [c for c in english.cells if c.cell_type == "code"]
    if len(code) != len(originals):
        raise TranslationBreaksCode("the translation has another number of code cells than the English")
    for original, cell in zip(originals, code, strict=True):
        if cell.metadata != original.metadata:
            raise TranslationBreaksCode(f"cell {original.get('id')}: the metadata changed")
        try:
            same = _shape(original.source) == _shape(cell.source)
        except SyntaxError as error:
            raise TranslationBreaksCode(f"cell {original.get('id')}: the translated code does not parse: {error}") \
                from None
        if not same:
            raise TranslationBreaksCode(f"cell {original.get('id')}: the translation changed the code itself, "
                                        "not only its comments and strings")
    if hidden_tests(english) != hidden_tests(translated):
        raise TranslationBreaksCode("the translation changed the hidden tests")


def _shape(source: str) -> str:
    """The syntax tree of ``source`` with every string's text and every f-string's literal parts
    set aside (the values an f-string formats stay, in any order)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
        elif isinstance(node, ast.JoinedStr):  # a translation may reorder the values it formats
            node.values = sorted((v for v in node.values if not isinstance(v, ast.Constant)), key=ast.dump)
    return ast.dump(tree, include_attributes=False)
