"""A translated edition's units, read from their files and looked up by the English they translate.

Scopes, each one file of units (``grader.i18n.units``):

- a chapter: ``course/NN_slug/zh/NN_slug.md`` (its cells, code strings, mistakes, hidden-test labels);
- ``judge``: ``i18n/zh/judge.md``, the templates of the judge's messages;
- ``interface``: ``i18n/zh/interface.md``, the feedback page's and the command line's words;
- a website page: ``i18n/zh/book/<page>.md``.

A unit is found by the hash of its English, so the same English reads the same everywhere in its
scope, and a changed English finds no unit (it is then stale: ``grader.translation.status``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from grader.i18n.editions import EDITIONS
from grader.i18n.units import Unit, english_hash, read_units
from grader.paths import COURSE_DIR


@dataclass
class Memory:
    """Translated units by the hash of their English."""

    units: dict[str, Unit] = field(default_factory=dict)

    @classmethod
    def of(cls, units: list[Unit]) -> Memory:
        return cls({u.hash: u for u in units if u.translated})

    def get(self, english: str) -> str | None:
        unit = self.units.get(english_hash(english))
        return unit.translation if unit is not None else None

    def merged(self, other: Memory) -> Memory:
        return Memory({**other.units, **self.units})


def scope_path(language: str, scope: str, course_dir: Path = COURSE_DIR) -> Path:
    """The file of units of ``scope`` (a chapter id, ``judge``, ``interface``, ``book/<page>``)."""
    edition = EDITIONS[language]
    if scope in ("judge", "interface", "glossary") or scope.startswith("book/"):
        return edition.data_dir / f"{scope}.md"
    return Path(course_dir) / scope / language / f"{scope}.md"


@functools.lru_cache(maxsize=64)
def _read(path: str, stamp: float) -> tuple[Unit, ...]:
    return tuple(read_units(Path(path)))


def scope_units(language: str, scope: str, course_dir: Path = COURSE_DIR) -> list[Unit]:
    """The units of ``scope`` (read once per version of the file)."""
    path = scope_path(language, scope, course_dir)
    stamp = path.stat().st_mtime if path.exists() else 0.0
    return list(_read(str(path), stamp))


def chapter_memory(language: str, english_id: str, course_dir: Path = COURSE_DIR) -> Memory:
    """The translated units of one chapter."""
    return Memory.of(scope_units(language, english_id, course_dir))


def judge_memory(language: str, english_id: str | None = None, course_dir: Path = COURSE_DIR) -> Memory:
    """What the judge's messages of a chapter are translated with: the chapter's units (its hidden
    tests' labels), then the judge's templates."""
    memory = Memory.of(scope_units(language, "judge", course_dir))
    if english_id:
        memory = chapter_memory(language, english_id, course_dir).merged(memory)
    return memory
