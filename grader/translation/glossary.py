"""The edition's glossary (``i18n/<language>/glossary.md``): one translation per technical term,
and the names that stay in English.

The file is Markdown with two tables. Under ``## Terms``: ``| English | 中文 | avoid | note |``,
one row per term (the English in lower case, its Chinese, the spellings never to use, separated
by ``、``). Under ``## Kept in English``: ``| name | note |``, PyTorch's and the tools' own names.

``check`` applies it to a pair of texts: where the English uses a term (as a word, any case,
plural too), the translation uses its Chinese; no translation uses a spelling to avoid. A kept
name spelled exactly as the table spells it (``Tensor``, the class) is not its term (``tensor``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from grader.i18n.editions import EDITIONS


@dataclass(frozen=True)
class Term:
    english: str
    chinese: str
    avoid: tuple[str, ...] = ()
    note: str = ""

    @property
    def pattern(self) -> re.Pattern:
        words = r"[\s-]+".join(re.escape(w) for w in self.english.split())
        return re.compile(rf"(?<![\w`]){words}(?:s|es)?(?![\w`])", re.IGNORECASE)


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]
    kept: frozenset[str]

    def check(self, english: str, translation: str) -> list[str]:
        """What the pair breaks of the glossary (empty when nothing)."""
        from grader.i18n.prose import strip_code

        problems = []
        plain = self._without_class_names(strip_code(english))
        for term in self.terms:
            if term.pattern.search(plain) and term.chinese not in translation:
                problems.append(f"'{term.english}' should be translated {term.chinese}")
            for wrong in term.avoid:
                if wrong in translation:
                    problems.append(f"{wrong} is not the glossary's word: {term.english} is {term.chinese}")
        return problems

    def _without_class_names(self, english: str) -> str:
        """The English without the kept names that a term's word is spelled as (``Tensor``, the class,
        beside the term ``tensor``; ``Tensors`` too), where it is written exactly so: the class keeps
        its name, and a translation need not add 张量 to it ("Tensor 张量")."""
        for term in self.terms:
            for name in self.kept:
                if name != term.english and name.lower() == term.english:
                    english = re.sub(rf"(?<![\w`]){re.escape(name)}s?(?![\w`])", "", english)
        return english


def _table_rows(lines: list[str]) -> list[list[str]]:
    rows = []
    for line in lines:
        if not line.startswith("|") or re.match(r"^\|\s*-", line):
            continue
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows[1:]  # the header


def read_glossary(language: str = "zh", path: Path | None = None) -> Glossary:
    """The glossary of ``language`` (see the module doc)."""
    path = path or EDITIONS[language].data_dir / "glossary.md"
    sections: dict[str, list[str]] = {}
    current = ""
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = line[3:].strip().lower()
        sections.setdefault(current, []).append(line)
    terms = tuple(Term(r[0].lower(), r[1], tuple(a for a in re.split(r"[、,]\s*", r[2]) if a) if len(r) > 2 else (),
                       r[3] if len(r) > 3 else "")
                  for r in _table_rows(sections.get("terms", [])))
    kept = frozenset(r[0].strip("`") for r in _table_rows(sections.get("kept in english", [])))
    return Glossary(terms, kept)
