"""The course's editions: English, the authored source, and its translations (Simplified Chinese).

A translated chapter is a chapter of its own, an nbgrader assignment with its own id, because its
visible tests sit in locked cells whose messages are translated: ``zh_00_finite_differences`` is
the Chinese edition of ``00_finite_differences``. Both share everything that grades: the answer
and test cells' grade ids, the hidden tests, the known mistakes' code, the chapter's files.

Ids: an edition's id is its language and ``_`` before the English id. No id of the course is a
prefix of another (``id_problems`` checks it): a ``zip_collect`` upload is placed under the
longest chapter id its name starts with, so ``zh_00_finite_differences_...`` can never be read as
English chapter ``00``, nor an English student called ``zh`` as the Chinese edition.

A chapter is counted once across its editions (exports, attempt limits): ``chapter_key`` maps any
edition's id to the English id (``grader.i18n.chapters.edition_ids`` lists a chapter's ids in every
edition built).

Folders: ``course/NN_slug/zh/NN_slug.md`` holds a chapter's units (``grader.i18n.units``);
``i18n/zh/`` the edition's own files (glossary, the judge's and the feedback page's messages,
the website's pages, the list of English awaiting translation); the build writes
``assignments-zh/`` and ``solutions-zh/`` beside ``assignments/`` and ``solutions/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from grader.course.model import Chapter
from grader.paths import REPO_ROOT

ENGLISH = "en"


@dataclass(frozen=True)
class Edition:
    """A translated edition: its language code, its folders, and how it names itself."""

    language: str  # the code in ids and folders: zh
    html_lang: str  # the page's lang attribute: zh-CN
    name: str  # how the edition calls itself: 中文
    sphinx_language: str  # Sphinx's language: zh_CN

    @property
    def prefix(self) -> str:
        return f"{self.language}_"

    @property
    def data_dir(self) -> Path:
        """``i18n/zh``: the edition's glossary, catalogues, website pages and awaiting list."""
        return REPO_ROOT / "i18n" / self.language

    @property
    def assignments_dir(self) -> Path:
        return REPO_ROOT / f"assignments-{self.language}"

    @property
    def solutions_dir(self) -> Path:
        return REPO_ROOT / f"solutions-{self.language}"

    def assignment_id(self, english_id: str) -> str:
        return self.prefix + english_id

    def units_path(self, english_chapter: Chapter) -> Path:
        """Where the units of an English chapter's translation are kept."""
        return english_chapter.folder / self.language / f"{english_chapter.chapter_id}.md"


ZH = Edition("zh", "zh-CN", "中文", "zh_CN")
EDITIONS = {ZH.language: ZH}


def language_of(assignment_id: str) -> str:
    """``zh`` for an id of the Chinese edition, ``en`` for every other."""
    for edition in EDITIONS.values():
        if assignment_id.startswith(edition.prefix):
            return edition.language
    return ENGLISH


def chapter_key(assignment_id: str) -> str:
    """The English id of the chapter that ``assignment_id`` is an edition of (itself for English).

    Exports and attempt limits count a chapter once, across editions, under this key."""
    language = language_of(assignment_id)
    return assignment_id if language == ENGLISH else assignment_id[len(EDITIONS[language].prefix):]


def id_problems(ids: list[str]) -> list[str]:
    """Pairs of ids of which one is a prefix of the other (must be none: see the module doc)."""
    problems = []
    for a in sorted(ids):
        for b in sorted(ids):
            if a != b and b.startswith(a):
                problems.append(f"{a!r} is a prefix of {b!r}")
    return problems
