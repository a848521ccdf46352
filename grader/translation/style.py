"""What a native reader of a translated edition must not meet, as checks on a piece of its text.

Each function takes Chinese text (a unit's translation, a page's Markdown, a printed output, a
picture's words, a rendered message) and returns what it finds, empty when nothing:

- ``english_words``: words of a given list left in English (``"first"`` in 钩子挂在 first 输入上),
  outside code spans, math, quotations of English and the kernel's own errors;
- ``zero_based_ordinals``: an index after 第 that counts from zero: a placeholder (``第 {i} 项``)
  whose value is not visibly counted from one (``{i + 1}``, or a name in ``counted_from_one``),
  or a literal 第 0 (第 0 章, the chapter, aside);
- ``ascii_quoted_chinese``: Chinese words in ASCII quotes (``"旧" a``), where Chinese writes “旧”;
- ``half_width_punctuation``: a half-width ``, ; : ? !`` between two Chinese characters, outside
  code (a call's arguments ``_seed(7, 形状为 (3,) 的输出, None)`` are code);
- ``misaligned_tables``: a printed table whose columns line up in English but not in Chinese,
  where a Chinese character takes two columns of a monospace font.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from grader.i18n.prose import strip_code

HAN = "\u3400-\u4dbf\u4e00-\u9fff"
#: The kernel's own error, from its class name to the end of the line: torch's and the library's
#: words, kept English.
_KERNEL_ERROR = re.compile(r"\b[A-Z]\w*(?:Error|Warning|Exception)\b:.*")
#: A quotation of English (torch's words a message or a page quotes): 'modified by an inplace ...'.
_ENGLISH_QUOTE = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
#: Python's call syntax, whose commas are code: f(a, 一个向量, None), and a tuple (梯度, None).
_CALL = re.compile(r"[\w.\]]*\((?:[^()]|\([^()]*\))*\)")
#: Code a plain-text message or mistake sets in corner brackets: 「type(t) is not Tensor」.
_CODE_IN_CORNERS = re.compile(r"「[ -~]+」")
#: A term's English beside its Chinese at its first mention, as d2l-zh writes it: 原值（primal）.
_GLOSS = re.compile(rf"(?<=[{HAN}*])（[A-Za-z][A-Za-z -]*）")
#: What a message shows of the student's own text, after 实际是：(the kernel's message, verbatim).
_SHOWN_VALUE = re.compile(r"实际是：.*")
_LITERAL_ZERO = re.compile(r"第\s*0(?![\d.])(?!\s*章)")
_ORDINAL_SLOT = re.compile(r"第\s*\{([^{}]+)\}")


def english_words(text: str, words: Iterable[str]) -> list[str]:
    """The ``words`` (lower case) that ``text`` holds as English prose: a whole word, not part of
    code (``net.first``, ``grad_output``, ``opt.step()``, ``loss=``, a call's arguments), of a
    quotation, of the kernel's error, of what a message shows the student's code said, of a
    term's English given beside its Chinese (原值（primal）), or of code in corner brackets."""
    plain = _GLOSS.sub(" ", _CODE_IN_CORNERS.sub(" ", _SHOWN_VALUE.sub(" ", strip_code(text))))
    plain = _CALL.sub(" ", _ENGLISH_QUOTE.sub(" ", _KERNEL_ERROR.sub(" ", plain)))
    wanted = {w.lower() for w in words}
    found = []
    for match in re.finditer(r"(?<![\w.\-/`'\"])[A-Za-z]+(?![\w(=`'\"\[]|\.\w|\s*=)", plain):
        if match.group(0).lower() in wanted:
            found.append(match.group(0))
    return found


def zero_based_ordinals(text: str, counted_from_one: Iterable[str] = ()) -> list[str]:
    """Indices after 第 that count from zero (see the module doc)."""
    ones = set(counted_from_one)
    found = [m.group(0) for m in _ORDINAL_SLOT.finditer(text)
             if not re.search(r"\+\s*1\s*(?:[:!].*)?$", m.group(1)) and m.group(1).split(":")[0].strip() not in ones]
    return found + [m.group(0).strip() for m in _LITERAL_ZERO.finditer(text)]


def ascii_quoted_chinese(text: str) -> list[str]:
    """Chinese words inside ASCII quotes (code spans aside): Chinese quotes them “so”."""
    plain = strip_code(text)
    return re.findall(rf"\"[^\"\n]*[{HAN}][^\"\n]*\"|'[{HAN}][^'\n]*[{HAN}]'", plain)


def half_width_punctuation(text: str) -> list[str]:
    """Half-width ``, ; : ? !`` between two Chinese characters, outside code (see the module doc)."""
    plain = _CALL.sub(" ", strip_code(text))
    return re.findall(rf"[{HAN}][,;:?!] ?[{HAN}]", plain)


def display_width(text: str) -> int:
    """The columns ``text`` takes in a monospace font: a wide character (Chinese, a full-width
    parenthesis) two, any other one."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _gaps(line: str, width) -> list[tuple[int, int]]:
    """Where each run of two spaces or more between words starts and ends, in columns."""
    return [(width(line[:m.start()]), width(line[:m.end()])) for m in re.finditer(r"(?<=\S) {2,}(?=\S)", line)]


def _aligned(rows: list[list[tuple[int, int]]]) -> bool:
    """Whether every gap lines up across the rows: the same number of gaps, each ending in one
    column (a left-aligned column after it) or starting in one (a right-aligned one before it)."""
    if len({len(r) for r in rows}) != 1 or not rows[0]:
        return False
    return all(len({r[k][1] for r in rows}) == 1 or len({r[k][0] for r in rows}) == 1 for k in range(len(rows[0])))


def tables(lines: list[str]) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of two lines or more whose columns line up (by characters)."""
    gaps = [_gaps(line, len) for line in lines]
    found, k = [], 0
    while k < len(lines):
        end = k + 1
        while end < len(lines) and _aligned(gaps[k:end + 1]):
            end += 1
        if end - k >= 2:
            found.append((k, end))
        k = end
    return found


def misaligned_tables(english: str, chinese: str) -> list[str]:
    """The tables of a printed ``english`` output whose lines, in its ``chinese`` counterpart (the
    same number of lines), no longer line up by display width."""
    ours, theirs = english.split("\n"), chinese.split("\n")
    if len(ours) != len(theirs):
        return []
    found = []
    for a, b in tables(ours):
        gaps = [_gaps(line, display_width) for line in theirs[a:b]]
        if any(gaps) and not _aligned(gaps):  # no gaps at all: the translation wrote it as plain lines
            found.append("\n".join(theirs[a:b]))
    return found
