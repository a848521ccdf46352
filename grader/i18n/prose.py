"""Is this English a reader must read? The rule the edition uses to decide what needs translating.

A piece of text is *prose* when, with its code spans, math, placeholders, URLs and names set
aside, it still holds an English word of three letters or more (or a short one such as "at"
or "of") that is not a name kept in English (``PyTorch``, ``numpy``, ... : the glossary's list)
and not an identifier (``grad_fn``, ``float64``). So ``"step size $h$"`` and ``"round-off"`` are
prose; ``"k--"``, ``"mul"``, ``"autograd_lib"`` and ``"df/d{name}: autograd_lib {x} torch {y}"``
are not.

``is_lone_word`` is a single English word: prose where a reader sees it (``grader.i18n.shown``).

``english_runs`` finds, in a translation, runs of three or more English words: prose left
untranslated.
"""

from __future__ import annotations

import re

_CODE_SPAN = re.compile(r"``.+?``|`[^`\n]+`")
_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$|\\\(.+?\\\)|\\\[.+?\\\]", re.DOTALL)
_PLACEHOLDER = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")
_URL = re.compile(r"\]\([^)]*\)|https?://\S+|<[^>]+>")
_MYST_ROLE = re.compile(r"\{[a-z]+\}`[^`]*`")
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")
_IDENTIFIER_ONLY = re.compile(r"^\s*[\w.]+\s*$")


def strip_code(text: str) -> str:
    """``text`` without fenced code, code spans, MyST roles, math, placeholders and link targets."""
    for pattern in (_FENCE, _MYST_ROLE, _CODE_SPAN, _MATH, _URL, _PLACEHOLDER):
        text = pattern.sub(" ", text)
    return text


def words(text: str, kept: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` (code set aside): alphabetic, not a kept name."""
    found = []
    for token in _TOKEN.findall(strip_code(text)):
        if token in kept or token.lower() in kept:
            continue
        for core in token.replace("'", "-").split("-"):  # "round-off" is two words, "don't" one
            if core.isalpha() and core not in kept and core.lower() not in kept:
                found.append(core)
    return found


#: Short English words that make a label prose ("at x = 1", "x of shape (2, 3)").
SHORT_WORDS = frozenset({"a", "at", "of", "in", "on", "to", "by", "is", "as", "an", "or", "if", "no", "be", "it",
                         "per"})


#: Python's own constants: a value made of them ("(True, False)") is code, not English to translate.
PYTHON_NAMES = frozenset({"True", "False", "None"})


def is_prose(text: str, kept: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` is English a reader reads (see the module doc)."""
    if _IDENTIFIER_ONLY.match(text):
        return False
    return any(len(w) >= 3 or w.lower() in SHORT_WORDS for w in words(text, kept))


_LONE_WORD = re.compile(r"^\s*(?P<word>[A-Za-z]{2,})[.:,;!?]?\s*$")


def is_lone_word(text: str, kept: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` is one English word (``"value"``, ``" version"``, ``"instead."``), not a
    kept name: prose where a reader sees it (a comment, a label; ``grader.i18n.shown``), code
    elsewhere (a dict's key, an argument's value)."""
    match = _LONE_WORD.match(text)
    if not match:
        return False
    word = match["word"]
    if re.search(r"[a-z][A-Z]", word):  # a class's name: RuntimeError, MulBackward
        return False
    return word not in kept and word.lower() not in kept and word not in PYTHON_NAMES


_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[ \t]+[A-Za-z][A-Za-z'-]*){2,}")


def english_runs(text: str, kept: frozenset[str] = frozenset()) -> list[str]:
    """Runs of three or more English words in ``text`` (code set aside, kept names dropped)."""
    runs = []
    for run in _RUN.findall(strip_code(text)):
        remaining = [w for w in run.split() if w.strip("'-") not in kept and w.lower() not in kept]
        if len(remaining) >= 3:
            runs.append(run)
    return runs
