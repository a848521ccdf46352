"""The judge's messages in a student's language, without touching the hidden tests.

The hidden tests and the toolkit word their messages in English, and keep doing so: the Chinese
edition shares them. A message is translated when it is rendered for a submission of a translated
edition, by matching it against the catalogue's units:

- *labels*: the hidden tests' own strings (``what=`` names, case labels, ``expect_true``
  messages), found in the chapter's units (kind ``judge``);
- *templates*: f-strings of the toolkit, the kernel's errors and the judge
  (``extract.module_templates``; kind ``template``), and the hidden tests' f-strings, whose
  ``{...}`` parts are placeholders: ``{what} has shape {a}, expected {b}``.

``MessageCatalogue.translate`` tries, in order: the whole text as a label; each template (the most
specific first) matching the whole text, whose placeholders' values are translated in turn (a
``what`` is itself a label) and set into the translated template; a template matching the end of
the text (``" ({hint})"`` after a message). A value that is the kernel's own error (its class name
first, or a placeholder naming an error or a repr) stays as it is: library and torch messages stay
English. What matches nothing falls back to English and, if it is prose, is listed in
``Translation.untranslated``.

``translate_verdict`` splits off the case labels a failure carries (``Verdict.case``) before it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from grader.i18n.prose import PYTHON_NAMES, is_prose
from grader.i18n.units import Unit

#: A placeholder whose value is the kernel's error text or a repr: never translated.
VERBATIM_PLACEHOLDER = re.compile(r"\berror\b|\berr\b|\bexc\b|\.message\b|\bmessage\b|!r$|\bvalue\.data\b|\bwarned\b")
#: A value that is an exception as the kernel raised it: "ValueError: ...", "NotImplementedError".
KERNEL_ERROR = re.compile(r"^[A-Z]\w*(Error|Exception|Warning|Exit|Interrupt)\b")
#: A value that is code, as the judge names a call ("forward_difference(helpers.square, 3.0, 0.5)"),
#: an attribute or a chain on a call's result ("TorchLinearFunction.apply(...).backward",
#: "Softplus.apply(...).sum().backward") or a repr ("'div'", "['a', 'b']").
CALL = re.compile(r"^[A-Za-z_][\w.]*(\[[^\]]*\])?\(.*\)(\.\w+(\(.*\))?)*$|^'[^']*'$|^\"[^\"]*\"$|^\[.*\]$|^\{.*\}$",
                  re.DOTALL)
#: How the toolkit names a value inside a call or an expression it describes
#: ("a tensor of shape (3,) that requires grad * a tensor of shape (3,)"; ``remote._call_label``).
VALUE_PHRASE = re.compile(r"\ban? (?:\w+ )?(?:tensor|array) of shape \([^()]*\)(?: that requires grad)?")
#: An argument of a call the judge names, which a hidden test may name by a phrase of its own
#: ("optimise(Adam, these settings)": ``student.value(run, "these settings")``).
ARGUMENT = re.compile(r"(?:(?<=\()|(?<=, ))[A-Za-z][A-Za-z ]*[A-Za-z](?=, |\))")
#: A placeholder's value that is class names, as the judge lists the types it saw ("Dual, Tensor"): code.
CLASS_NAMES = re.compile(r"^[A-Z][A-Za-z0-9_]*(?:, [A-Z][A-Za-z0-9_]*)*$")
#: A value that is a list of names or keyword arguments, as the judge joins them ("x1, x2, weight",
#: "atol=0, rtol=0.1"): code, kept as it is.
NAMES = re.compile(r"^[A-Za-z_]\w*(=\S+)?(, [A-Za-z_]\w*(=\S+)?)+$")
#: A label that may end another text (" (return a 1-tuple, ...)") is at least this long.
SUFFIX_LABEL = 6
#: A kernel's error with the judge's hint after it: "NotImplementedError (the answer cell ...)".
TRAILING_NOTE = re.compile(r"^(?P<head>.*?) \((?P<note>[^()]*)\)$", re.DOTALL)
#: A hidden test's likely cause after a kernel error ("IndexError: ...; a node with two outputs needs ...").
TRAILING_CAUSE = re.compile(r"^(?P<head>.*); (?P<note>[^;]*)$", re.DOTALL)
#: A space the English templates leave between two pieces that are both Chinese.
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
CJK_SPACE = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}])")
#: A placeholder that counts from a number (``{k + 1}``, ``{i - 1}``): its value is a number.
COUNTED = re.compile(r"[A-Za-z_]\w* [+-] \d+")
#: Templates with fewer letters than this outside their placeholders only match inside others.
MIN_LETTERS = 3
LIST_SEPARATOR = "，"
CASE_SEPARATOR = "："


def split_template(text: str) -> list[tuple[str, str]]:
    """A template as ``[(kind, text)]``: ``("text", literal)`` and ``("slot", expression)``;
    ``{{`` and ``}}`` are literal braces."""
    parts: list[tuple[str, str]] = []
    literal, at = [], 0
    while at < len(text):
        if text.startswith("{{", at) or text.startswith("}}", at):
            literal.append(text[at])
            at += 2
        elif text[at] == "{":
            depth, end = 0, at
            while end < len(text):
                depth += {"{": 1, "}": -1}.get(text[end], 0)
                if depth == 0:
                    break
                end += 1
            if literal:
                parts.append(("text", "".join(literal)))
                literal = []
            parts.append(("slot", text[at + 1:end]))
            at = end + 1
        else:
            literal.append(text[at])
            at += 1
    if literal:
        parts.append(("text", "".join(literal)))
    return parts


def _literal_choices(node: ast.expr) -> list[str] | None:
    """The strings a placeholder can only be: ``'a' if c else 'b'`` (nested too), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_choices(node.body), _literal_choices(node.orelse)
        return body + orelse if body is not None and orelse is not None else None
    return None


def slot_pattern(expression: str) -> str:
    """The regex of a placeholder: any text, but a choice of literals (``{'broadcast' if b else
    'of the window shape'}``) is one of them, the toolkit's ``{_shape(...)}`` is a
    parenthesised shape, and a sum of a name and a number (``{k + 1}``) is a number. Two
    placeholders side by side (``{_shape(shape)}{wants}``) are then told apart, where two lazy
    wildcards would leave the first one empty."""
    if expression.startswith("_shape("):
        return r"(\([^()]*\))"
    if COUNTED.fullmatch(expression):  # a number counted from another ("after change {k + 1}")
        return r"(-?\d+)"
    try:
        choices = _literal_choices(ast.parse(expression, mode="eval").body)
    except SyntaxError:
        choices = None
    if choices is None:
        return "(.*?)"
    return "(" + "|".join(re.escape(c) for c in sorted(set(choices), key=len, reverse=True)) + ")"


def slots(text: str) -> list[str]:
    """The placeholders of a template, in order."""
    return [value for kind, value in split_template(text) if kind == "slot"]


@dataclass(frozen=True)
class MessageTemplate:
    """A compiled template: its regex over a rendered message and its translation."""

    english: str
    translation: str
    regex: re.Pattern
    slots: tuple[str, ...]
    letters: int
    label: bool = False  # a hidden test's own template (a case label): trusted to match whole texts

    @classmethod
    def of(cls, unit: Unit) -> MessageTemplate:
        parts = split_template(unit.english)
        pattern = "".join(re.escape(value) if kind == "text" else slot_pattern(value) for kind, value in parts)
        letters = sum(ch.isalpha() for kind, value in parts if kind == "text" for ch in value)
        return cls(unit.english, unit.translation, re.compile(pattern, re.DOTALL),
                   tuple(slots(unit.english)), letters, unit.kind == "judge")

    @property
    def general(self) -> bool:
        """Whether it may match a whole text: a hidden test's template, or one with some words."""
        return self.label or self.letters >= MIN_LETTERS

    @property
    def first_literal(self) -> str:
        parts = split_template(self.english)
        return parts[0][1] if parts and parts[0][0] == "text" else ""

    def render(self, values: list[str]) -> str:
        """The translation with each placeholder's value (by expression, then by order)."""
        pending: dict[str, list[str]] = {}
        for name, value in zip(self.slots, values, strict=True):
            pending.setdefault(name, []).append(value)
        out = []
        for kind, value in split_template(self.translation):
            if kind == "text":
                out.append(value)
            else:
                queue = pending.get(value)
                out.append(queue.pop(0) if queue else "{" + value + "}")
        return "".join(out)


@dataclass
class Translation:
    """A translated text, and the English parts of it that nothing matched."""

    text: str
    untranslated: list[str] = field(default_factory=list)


class MessageCatalogue:
    """Labels and templates of one language (see the module doc)."""

    def __init__(self, units: Iterable[Unit]):
        self.labels: dict[str, str] = {}
        templates = []
        for unit in units:
            if not unit.translated:
                continue
            if unit.template:
                templates.append(MessageTemplate.of(unit))
            else:
                self.labels[unit.english] = unit.translation
                self.labels.setdefault(unit.english.strip(), unit.translation.strip())  # " that requires grad"
        self.templates = sorted(templates, key=lambda t: (-t.letters, t.english))
        #: Labels that may end a text, the longest (most specific) first.
        self.suffixes = sorted((label for label in self.labels if len(label) >= SUFFIX_LABEL), key=lambda l: -len(l))

    def translate(self, text: str) -> Translation:
        """``text`` translated line by line (see the module doc); a message ending in the kernel's
        own error of several lines (gradcheck's Jacobians) as a whole, that error kept as it is; a
        text that still leaves English so is tried whole."""
        missing: list[str] = []
        if "\n" in text:
            for template in self.templates:
                match = template.regex.fullmatch(text) if template.general and template.slots \
                    and VERBATIM_PLACEHOLDER.search(template.slots[-1]) else None
                if match and "\n" not in "".join(match.groups()[:-1]):
                    rendered = self._render(template, match, missing, 0)
                    return Translation(CJK_SPACE.sub("", rendered), missing)
        lines = [CJK_SPACE.sub("", self._segment(line, missing, 0)) for line in text.split("\n")]
        if missing and "\n" in text:
            left: list[str] = []
            whole = CJK_SPACE.sub("", self._segment(text, left, 0))
            if not left:
                return Translation(whole, [])
        return Translation("\n".join(lines), missing)

    def translate_verdict(self, message: str, case: Iterable[str] = ()) -> Translation:
        """A failure's message, whose first line starts with its case labels (``case``)."""
        case = tuple(case)
        prefix = ", ".join(case) + ": "
        if not case or not message.startswith(prefix):
            return self.translate(message)
        missing: list[str] = []
        labels = LIST_SEPARATOR.join(CJK_SPACE.sub("", self._case_label(label, missing)) for label in case)
        rest = self.translate(message[len(prefix):])
        return Translation(labels + CASE_SEPARATOR + rest.text, missing + rest.untranslated)

    def _case_label(self, label: str, missing: list[str]) -> str:
        """A case label; one that nothing matches whole, but whose parts between ", " all do, part
        by part (a hidden test's label composed at run time: "x of shape (3,) ..., negative_slope=0.2")."""
        left: list[str] = []
        whole = self._segment(label, left, 0)
        if left and ", " in label:
            parts_left: list[str] = []
            parts = [self._segment(part, parts_left, 0) for part in label.split(", ")]
            if not parts_left:
                return LIST_SEPARATOR.join(parts)
        missing += left
        return whole

    def _segment(self, text: str, missing: list[str], depth: int) -> str:
        if not text.strip() or depth > 6:
            return text
        stripped = text.strip()
        if stripped in self.labels:
            return text.replace(stripped, self.labels[stripped])
        if KERNEL_ERROR.match(stripped):
            return self._kernel_error(text)
        if depth > 0 and CLASS_NAMES.match(stripped):
            return text
        # The most specific template whose values all translate; a template ending in a placeholder
        # also matches a longer message ("for input {i}" swallowing "1 (...) should be None, got 3"),
        # so one that leaves English waits until the forms below had their chance.
        fallback: tuple[str, list[str]] | None = None
        for template in self.templates:
            if depth == 0 and not template.general:
                continue
            match = template.regex.fullmatch(text)
            if match:
                left: list[str] = []
                rendered = self._render(template, match, left, depth)
                if not left:
                    return rendered
                fallback = fallback or (rendered, left)
        if depth > 0 and NAMES.match(stripped):  # a placeholder's list of names, such as arguments
            return text
        if (code := self._code_naming_values(text, depth)) is not None:
            return code
        if (CALL.match(stripped) or NAMES.match(stripped)) and fallback is None:  # code, as the judge names it: kept
            return text
        for rendered, left in self._endings(text, depth):
            if not left or fallback is None:
                missing += left
                return rendered
        if fallback is not None:
            missing += fallback[1]
            return fallback[0]
        if is_prose(stripped, PYTHON_NAMES):
            missing.append(stripped)
        return text

    def _code_naming_values(self, text: str, depth: int) -> str | None:
        """A Python expression whose values the toolkit names by phrases (``clip_gradient(a tensor
        of shape (4,), 1.0).remove``) or a hidden test by its labels (``optimise(Adam, these
        settings)``): the code kept, each phrase translated, in 「」; None for anything else, or when
        a phrase does not translate."""
        stripped = text.strip()
        named = [a for a in ARGUMENT.findall(stripped) if a in self.labels and is_prose(a, PYTHON_NAMES)]
        if not (VALUE_PHRASE.search(stripped) or named) or VALUE_PHRASE.fullmatch(stripped):
            return None
        try:
            ast.parse(ARGUMENT.sub(lambda m: "_" if m.group(0) in named else m.group(0),
                                   VALUE_PHRASE.sub("_", stripped)), mode="eval")
        except SyntaxError:
            return None
        left: list[str] = []
        code = VALUE_PHRASE.sub(lambda m: "「" + self._segment(m.group(0), left, depth + 1) + "」", text)
        code = ARGUMENT.sub(lambda m: f"「{self.labels[m.group(0)]}」" if m.group(0) in named else m.group(0), code)
        return None if left else code

    def _endings(self, text: str, depth: int):
        """Translations of ``text`` as a message followed by a label ("got " + "a list") or by a
        template ("message" + " ({hint})"), with what each leaves English, first found first."""
        for label in self.suffixes:  # a label that ends the text: "got list" + " (...)", the longest first
            if text.endswith(label) and len(text) > len(label):
                left: list[str] = []
                yield self._segment(text[:-len(label)], left, depth + 1) + self.labels[label], left
                return
        for template in self.templates:  # a template that ends the text: "message" + " ({hint})"
            first = template.first_literal
            if not template.general or not first:
                continue
            start = text.find(first, 1)
            while start > 0:
                match = template.regex.fullmatch(text, start)
                if match:
                    left = []
                    head = self._segment(text[:start], left, depth + 1)
                    yield head + self._render(template, match, left, depth), left
                    return
                start = text.find(first, start + 1)

    def _render(self, template: MessageTemplate, match: re.Match, missing: list[str], depth: int) -> str:
        values = []
        for name, value in zip(template.slots, match.groups(), strict=True):
            verbatim = VERBATIM_PLACEHOLDER.search(name) is not None
            values.append(self._kernel_error(value) if verbatim else self._segment(value, missing, depth + 1))
        return template.render(values)

    def _kernel_error(self, text: str) -> str:
        """The kernel's error as it is, but the judge's note after it translated: in parentheses, or
        after a semicolon (a hidden test's likely cause)."""
        found = TRAILING_NOTE.match(text)
        if found and found["note"] in self.labels:
            return f"{found['head']}（{self.labels[found['note']]}）"
        found = TRAILING_CAUSE.match(text)
        if found and found["note"] in self.labels:
            return f"{found['head']}；{self.labels[found['note']]}"
        return text
