"""What of the English needs a translation: the units a translated edition must hold.

For a chapter (``chapter_units``):

- ``md``: every Markdown cell, whole (a cell is one idea);
- ``code``: every comment and every string of a code cell that is prose (``prose.is_prose``):
  docstrings, visible tests' messages, prints, plot labels; a lone word too where it is a
  comment or the cell shows it (``shown.shown_spans``: ``label="minimum"``, ``print(..., "and", ...)``);
  the hidden tests' lines are not among them (they are shared, and never shown);
- ``mistake``: each known mistake's explanation (``mistake``, ``why``, ``see``, ``hint``);
- ``judge``: each prose string of the hidden tests (case labels, what a check names, the messages
  they pass to the toolkit): f-strings and ``str.format`` strings as templates.

For the judge as a whole (``module_templates``): the prose strings of the modules that word the
messages a student reads (the toolkit's checks, the kernel's errors, the judge's outcomes).

A code cell's comment or string is found by Python's tokenizer, so a translation replaces exactly
that token's text (``code_tokens``).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import nbformat

from grader.course.mistakes import FIELDS, known_wrong
from grader.course.model import HIDDEN_BLOCK, hidden_tests
from grader.i18n.prose import PYTHON_NAMES, is_lone_word, is_prose
from grader.i18n.shown import line_offsets, shown_spans, strings_given_to

#: Comments that are nbgrader's markers or the linter's, never prose to translate.
MARKER_COMMENT = re.compile(r"^#+\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS)|^#\s*noqa")
_STRING_PREFIX = re.compile(r"^(?P<prefix>[rRbBuUfF]*)(?P<quote>'''|\"\"\"|'|\")")


@dataclass(frozen=True)
class Needed:
    """A piece of English that needs a unit: its kind, its text, whether it is a template."""

    kind: str
    english: str
    template: bool = False
    where: str = ""


@dataclass(frozen=True)
class CodeToken:
    """A comment or string of a code cell: where its text is in the cell's source, and the text."""

    start: int  # offset of the text (after '# ' or the opening quote) in the source
    end: int
    text: str
    comment: bool
    shown: bool = False  # a string the cell prints, draws or raises (``shown.shown_spans``)

    def needs_unit(self, kept: frozenset[str]) -> bool:
        """Whether a reader reads it: prose, or a lone word in a comment or where the cell shows it."""
        return is_prose(self.text, kept) or ((self.comment or self.shown) and is_lone_word(self.text, kept))


def code_tokens(source: str) -> list[CodeToken]:
    """The comments and strings of a code cell outside its hidden tests, in order."""
    hidden = [(m.start(), m.end()) for m in HIDDEN_BLOCK.finditer(source)]
    shown = shown_spans(source)
    offsets = line_offsets(source)
    found = []
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    for token in tokens:
        if token.type not in (tokenize.COMMENT, tokenize.STRING):
            continue
        start = offsets[token.start[0] - 1] + token.start[1]
        end = offsets[token.end[0] - 1] + token.end[1]
        if any(a <= start < b for a, b in hidden):
            continue
        if token.type == tokenize.COMMENT:
            if MARKER_COMMENT.match(token.string):
                continue
            body = token.string.lstrip("#")
            lead = len(token.string) - len(body) + (len(body) - len(body.lstrip(" ")))
            found.append(CodeToken(start + lead, end, token.string[lead:], True))
        else:
            match = _STRING_PREFIX.match(token.string)
            if not match or "b" in match["prefix"].lower():
                continue
            opening = len(match["prefix"]) + len(match["quote"])
            close = len(match["quote"])
            found.append(CodeToken(start + opening, end - close, token.string[opening:-close], False,
                                   any(a <= start < b for a, b in shown)))
    return found


def chapter_units(english: nbformat.NotebookNode, folder: Path, kept: frozenset[str]) -> list[Needed]:
    """Every unit a translation of the chapter needs (see the module doc), in reading order."""
    needed: list[Needed] = []
    for index, cell in enumerate(english.cells):
        where = f"cell {index}"
        if cell.cell_type == "markdown" and cell.source.strip():
            needed.append(Needed("md", cell.source, where=where))
        elif cell.cell_type == "code":
            for token in code_tokens(cell.source):
                if token.needs_unit(kept):
                    needed.append(Needed("code", token.text, where=where))
    for wrong in known_wrong(folder):
        for name in FIELDS:
            text = getattr(wrong, name)
            if text:
                needed.append(Needed("mistake", text, where=f"known_wrong/{wrong.answer_id}__{wrong.name} {name}"))
    for grade_id, code in hidden_tests(english).items():
        for text, template in prose_strings(code, kept):
            needed.append(Needed("judge", text, template, where=f"hidden tests of {grade_id}"))
    return _unique(needed)


def _unique(needed: list[Needed]) -> list[Needed]:
    seen, kept = set(), []
    for item in needed:
        if item.english not in seen:
            seen.add(item.english)
            kept.append(item)
    return kept


#: Calls whose string arguments are code for the kernel or names of its modules, never shown.
_CODE_CALLS = {"helpers", "module"}
#: Exceptions that are the judge's own errors (a bug of a hidden test), not words for a student.
_INTERNAL_ERRORS = {"RuntimeError", "TypeError", "ValueError", "JudgeMisuse", "AttributeError", "KeyError",
                    "LookupError"}


def prose_strings(code: str, kept: frozenset[str]) -> list[tuple[str, bool]]:
    """``(text, is_template)`` of every prose string in Python ``code``: docstrings, code for the
    kernel and the judge's internal errors left out; f-strings and ``.format`` strings as templates."""
    tree = ast.parse(code)
    skip: set[int] = set()
    code_names: set[str] = set()  # names of strings handed to a _CODE_CALLS call: kernel code too
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                skip.add(id(first.value))
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in _CODE_CALLS:
                skip.update(id(n) for arg in node.args for n in ast.walk(arg))
                code_names.update(n.id for arg in node.args for n in ast.walk(arg) if isinstance(n, ast.Name))
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
            if name in _INTERNAL_ERRORS:
                skip.update(id(n) for n in ast.walk(node.exc))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in code_names for t in node.targets):
            skip.update(id(n) for n in ast.walk(node.value))
    formats = {id(node.func.value) for node in ast.walk(tree)
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
               and isinstance(node.func.value, ast.Constant)}
    inner = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in ast.walk(node)
             if part is not node}
    cases = {id(node.args[0]) for node in ast.walk(tree) if isinstance(node, ast.Call) and node.args
             and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) == "case"}
    found: list[tuple[int, int, str, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) in skip:
            found += [(node.lineno, node.col_offset, name, False) for name in case_names(node.value, kept)]
        if isinstance(node, ast.JoinedStr) and id(node) not in skip:
            found += [(node.lineno, node.col_offset, word, False) for word in slot_words(node)]
        if id(node) in skip or id(node) in inner:
            continue
        if isinstance(node, ast.JoinedStr):
            text, template = f_string_template(node), True
            literal = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
            if id(node) in cases and _CASE_TEMPLATE.match(text) and len(re.findall(r"[A-Za-z]", literal)) >= 3:
                found.append((node.lineno, node.col_offset, text, template))  # a case label: "f = {name}, n = {n}"
                continue
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text, template = node.value, id(node) in formats
        else:
            continue
        if is_prose(text, kept):
            found.append((node.lineno, node.col_offset, text, template))
    found += [(node.lineno, node.col_offset, node.value, False) for node in _lone_words_set_in(tree, skip, kept)]
    ordered: list[tuple[str, bool]] = []
    for _line, _col, text, template in sorted(found):  # reading order
        if (text, template) not in ordered:
            ordered.append((text, template))
    return ordered


def _lone_words_set_in(tree: ast.AST, skip: set[int], kept: frozenset[str]) -> list[ast.Constant]:
    """The lone words a message's f-string sets in through a name: ``for how in ("alone", "combined
    with the input")`` then ``case(f"... the gradient {how}")``: the word is shown, so it is a label."""
    names = {n.id for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) and id(node) not in skip
             for value in node.values if isinstance(value, ast.FormattedValue)
             for n in ast.walk(value.value) if isinstance(n, ast.Name)}
    return [node for node in strings_given_to(tree, names) if id(node) not in skip
            and isinstance(node, ast.Constant) and is_lone_word(node.value, kept)]


def case_names(code: str, kept: frozenset[str]) -> list[str]:
    """The names of cases in kernel code handed to ``student.helpers``: the prose string keys of its
    dicts (``{"x . (A x), A not symmetric": lambda x: ...}``), which a hidden test's case labels show."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [key.value for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and is_prose(key.value, kept)]


#: Words a placeholder chooses between, or an optional tail of them (", c needs no gradient").
_WORDS = re.compile(r"^(?:, )?[A-Za-z]+(?: [A-Za-z]+)*$")
#: A case label made of placeholders and short names ("f = {name}, n = {n}, m = {m}"), not prose but
#: a template all the same: its values are (a name in ``case_names``); a call ("f({x!r})") is code.
_CASE_TEMPLATE = re.compile(r"^(?![A-Za-z_][\w.]*\().*\{")


def slot_words(node: ast.JoinedStr) -> list[str]:
    """The words an f-string's placeholder chooses between (``{'require' if needs else 'do not require'}``,
    ``{... or 'nothing'}``): each is set into the message, so each needs its own label."""
    found = []
    for value in node.values:
        if not isinstance(value, ast.FormattedValue):
            continue
        for part in ast.walk(value.value):
            branches = [part.body, part.orelse] if isinstance(part, ast.IfExp) else \
                part.values if isinstance(part, ast.BoolOp) else []
            found += [b.value for b in branches if isinstance(b, ast.Constant) and isinstance(b.value, str)
                      and _WORDS.match(b.value) and b.value not in PYTHON_NAMES and b.value not in found]
    return found


def f_string_template(node: ast.JoinedStr) -> str:
    """An f-string as a template: its literal text with ``{`` doubled, each value as ``{expr}``
    (with its conversion and format spec)."""
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
        elif isinstance(value, ast.FormattedValue):
            text = "{" + ast.unparse(value.value)
            if value.conversion != -1:
                text += "!" + chr(value.conversion)
            if value.format_spec is not None:
                text += ":" + "".join(str(v.value) if isinstance(v, ast.Constant) else "{" + ast.unparse(v.value) + "}"
                                      for v in value.format_spec.values)
            parts.append(text + "}")
    return "".join(parts)


#: The modules whose strings word what a student reads of the judge (``module_templates``).
MESSAGE_MODULES = ("grader/judge/toolkit.py", "grader/judge/remote.py", "grader/judge/judge.py")


def module_templates(root: Path, kept: frozenset[str]) -> list[Needed]:
    """The prose strings of the judge's message modules, as units of kind ``template``."""
    needed = []
    for relative in MESSAGE_MODULES:
        code = (Path(root) / relative).read_text(encoding="utf-8")
        for text, template in prose_strings(code, kept):
            needed.append(Needed("template", text, template, where=relative))
    return _unique(needed)
