"""The website's own pages (``book/*.md``) in a translated edition.

A page's units are its blocks (``page_units``): its paragraphs, headings and lists that
are prose, and its command blocks. ``translated_page`` puts each block's translation in its
place, the English with a notice where a block has none (as a chapter's cell does). The home
page's paragraph about the website's edition (self-learner's or student, ``book/build.py``'s
``EDITIONS``) is a unit of ``book/index`` too.
"""

from __future__ import annotations

import importlib.util
import re
from functools import lru_cache

from grader.i18n.assemble import AWAITING_NOTICE
from grader.i18n.extract import Needed
from grader.i18n.memory import Memory, scope_units
from grader.i18n.prose import is_prose
from grader.paths import REPO_ROOT

BOOK_BUILD = REPO_ROOT / "book" / "build.py"


@lru_cache(maxsize=1)
def _book_build():
    spec = importlib.util.spec_from_file_location("course_book_build", BOOK_BUILD)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def edition_paragraphs() -> list[str]:
    """The English paragraphs that say which edition of the website a reader is on."""
    return [paragraph for _source, _out, paragraph in _book_build().EDITIONS.values()]


def blocks(text: str) -> list[str]:
    """A page's blocks: what lies between blank lines, a fenced block whole."""
    found, current, fence = [], [], False
    for line in text.splitlines():
        if re.match(r"^(```|~~~)", line):
            fence = not fence
        if not line.strip() and not fence:
            if current:
                found.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        found.append("\n".join(current))
    return found


def page_units(text: str) -> list[Needed]:
    """A website page's units: its blocks (paragraphs, headings, lists) that are prose, and its
    command blocks (an edition may use other commands)."""
    def needs(block: str) -> bool:  # a command block may differ in an edition (its commands, comments)
        return block.startswith(("```", "~~~")) or is_prose(block)

    return [Needed("page", block) for block in blocks(text) if needs(block)]


def page_memory(language: str, page: str) -> Memory:
    return Memory.of(scope_units(language, f"book/{page}"))


def translated_page(language: str, page: str, text: str) -> str:
    """``text`` (the English page ``page``) with its blocks translated (see the module doc)."""
    memory = page_memory(language, page)
    needed = {n.english for n in page_units(text)}
    out = []
    for block in blocks(text):
        found = memory.get(block)
        out.append(found if found is not None else (AWAITING_NOTICE + block if block in needed else block))
    return "\n\n".join(out) + "\n"


def translated_paragraph(language: str, english: str) -> str:
    """An edition paragraph of the home page, translated (the English with a notice if it has none)."""
    found = page_memory(language, "index").get(english)
    return found if found is not None else AWAITING_NOTICE + english
