"""Where a translated edition stands against the English: what is current, stale, missing, awaiting.

For each scope (a chapter, the judge's templates, the interface, a website page) the English
needs a set of units (``extract``, ``interface``, ``pages``); the scope's file has units, each
recording the hash of the English it translates. Then

- **current**: a needed unit whose English hash has a translated unit;
- **missing**: a needed unit without one (new English, or English that changed since);
- **stale**: a unit of the file whose English is no longer needed (the English changed or went);
- **awaiting**: ``i18n/<language>/awaiting.txt`` lists English allowed to wait for its translation,
  one line each: ``SCOPE NEW_HASH [OLD_HASH]  # note``. The old hash names the stale unit it will
  replace (``SCOPE - OLD_HASH`` keeps a stale unit whose English is gone, until a translator
  removes it). The Chinese page shows such English with a notice (``assemble.AWAITING_NOTICE``).

The edition is in order (``Report.problems`` is empty) when every missing unit is awaiting, every
stale unit is the old half of an awaiting line, and no awaiting line is out of date.
``python -m grader.i18n status`` prints the report; ``await`` lists what is missing now.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from grader.course.model import find_chapters, read_chapter
from grader.i18n.editions import EDITIONS
from grader.i18n.extract import Needed, chapter_units, module_templates
from grader.i18n.memory import scope_path
from grader.i18n.units import Unit, english_hash, read_units
from grader.paths import COURSE_DIR, REPO_ROOT
from grader.translation.glossary import read_glossary

BOOK_PAGES = ("index", "self-study")
#: An awaiting line's new hash when the English of its stale unit is gone, not changed.
REMOVED = "-"


@dataclass(frozen=True)
class Awaiting:
    scope: str
    new: str
    old: str = ""
    note: str = ""


@dataclass
class ScopeStatus:
    """One scope: its needed units and its file's units, compared."""

    scope: str
    path: Path
    needed: list[Needed]
    units: list[Unit]
    awaiting: list[Awaiting] = field(default_factory=list)

    @property
    def translated(self) -> dict[str, Unit]:
        return {u.hash: u for u in self.units if u.translated}

    @property
    def current(self) -> list[Needed]:
        return [n for n in self.needed if english_hash(n.english) in self.translated]

    @property
    def missing(self) -> list[Needed]:
        return [n for n in self.needed if english_hash(n.english) not in self.translated]

    @property
    def stale(self) -> list[Unit]:
        needed = {english_hash(n.english) for n in self.needed}
        return [u for u in self.units if u.hash not in needed]

    def problems(self) -> list[str]:
        found = []
        waiting = {a.new for a in self.awaiting}
        replaced = {a.old for a in self.awaiting if a.old}
        for item in self.missing:
            if english_hash(item.english) not in waiting:
                found.append(f"{self.scope}: no translation of the {item.kind} unit {english_hash(item.english)} "
                             f"({item.where}): {_first_line(item.english)}")
        for unit in self.stale:
            if unit.hash not in replaced:
                found.append(f"{self.scope}: stale unit {unit.hash} ({self.path.name}, line {unit.line}): its English "
                             f"is gone or changed: {_first_line(unit.english)}{self._closest(unit)}")
        missing = {english_hash(n.english) for n in self.missing}
        stale = {u.hash for u in self.stale}
        for line in self.awaiting:
            if line.new != REMOVED and line.new not in missing:
                found.append(f"{self.scope}: awaiting.txt lists {line.new}, which is translated or no longer "
                             "needed: remove the line")
            if line.old and line.old not in stale:
                found.append(f"{self.scope}: awaiting.txt replaces {line.old}, which is not a stale unit")
        return found

    def _closest(self, unit: Unit) -> str:
        candidates = [n.english for n in self.missing if n.kind == unit.kind]
        best = difflib.get_close_matches(unit.english, candidates, n=1, cutoff=0.5)
        if not best:
            return ""
        diff = [line for line in difflib.unified_diff(unit.english.splitlines(), best[0].splitlines(), lineterm="", n=0)
                if line[:1] in "+-" and not line.startswith(("+++", "---"))]
        return f"; the English is now {english_hash(best[0])}:\n    " + "\n    ".join(diff[:12])


def _first_line(text: str) -> str:
    line = next((part for part in text.strip().splitlines() if part.strip()), "")
    return line if len(line) <= 90 else line[:87] + "..."


def read_awaiting(language: str) -> list[Awaiting]:
    path = EDITIONS[language].data_dir / "awaiting.txt"
    if not path.exists():
        return []
    found = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text, _, note = raw.partition("#")
        parts = text.split()
        if not parts:
            continue
        if len(parts) not in (2, 3):
            raise ValueError(f"{path}:{number}: expected 'SCOPE NEW_HASH [OLD_HASH]', got {raw!r}")
        found.append(Awaiting(parts[0], parts[1], parts[2] if len(parts) == 3 else "", note.strip()))
    return found


def scopes(language: str = "zh", course_dir: Path = COURSE_DIR, root: Path = REPO_ROOT) -> list[ScopeStatus]:
    """Every scope of ``language``'s edition: its translated chapters, the judge, the interface, the pages."""
    from grader.translation.interface_strings import interface_strings

    edition = EDITIONS[language]
    kept = read_glossary(language).kept
    awaiting = read_awaiting(language)
    found = []

    def add(scope: str, needed: list[Needed]):
        path = scope_path(language, scope, course_dir)
        found.append(ScopeStatus(scope, path, needed, read_units(path), [a for a in awaiting if a.scope == scope]))

    for chapter in find_chapters(Path(course_dir)):
        if edition.units_path(chapter).is_file():
            add(chapter.chapter_id, chapter_units(read_chapter(chapter), chapter.folder, kept))
    add("judge", module_templates(root, kept))
    add("interface", [Needed("ui", text) for text in interface_strings(root)])
    from grader.translation.pages import edition_paragraphs, page_units

    for page in BOOK_PAGES:
        needed = page_units((Path(root) / "book" / f"{page}.md").read_text(encoding="utf-8"))
        if page == "index":
            needed += [Needed("page", paragraph, where="book/build.py EDITIONS") for paragraph in edition_paragraphs()]
        add(f"book/{page}", needed)
    return found


def report(language: str = "zh") -> tuple[str, list[str]]:
    """The status as text, and the problems (see the module doc)."""
    lines, problems = [], []
    for scope in scopes(language):
        lines.append(f"{scope.scope:32} {len(scope.current):4} current  {len(scope.missing):4} missing  "
                     f"{len(scope.stale):3} stale  {len(scope.awaiting):3} awaiting")
        problems += scope.problems()
    return "\n".join(lines), problems
