"""Measure the similarity report on a labelled class: the frozen evaluation class in ``class/``
(see its README) or a generated one (``generated.py``).

A labelled class is, per chapter, an ``Assignment`` (what the detector reads) and the truth of
each pair of each exercise: copied, related (left out of the figures) or independent. The
figures, per exercise with K copied pairs: how many copied pairs rank in the top K (recall), and
how many independent pairs score above the lowest copied pair.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from grader.similarity.class_comparison import compare_assignment
from grader.similarity.compare import Pair, Settings
from grader.similarity.documents import SHORT_LINES, SOLUTION, WHOLE, Assignment, Unit
from grader.similarity.normalise import BUILTINS, vocabulary_of

SET = Path(__file__).resolve().parent / "class"
SECOND = Path(__file__).resolve().parent / "class2"  # held out: measured, never tuned on
HEADER = re.compile(r"^# (source|copy of)\b[^\n]*\n")
COPY = re.compile(r"^# copy of (\w+)")
AUTHOR_NAMES = {"solution": SOLUTION}


@dataclass
class Labelled:
    """A chapter of a labelled class: what the detector reads and who copied whom."""

    assignment: Assignment
    copies: dict[str, set[frozenset[str]]] = field(default_factory=dict)  # unit name -> copied pairs
    related: set[frozenset[str]] = field(default_factory=set)  # pairs left out of every figure
    family: dict[tuple[str, str], int] | None = None  # (author, grade_id) -> family, for generated classes
    related_cells: set[tuple[str, str]] = field(default_factory=set)  # (author, grade_id) related to the solution

    def is_related(self, unit: Unit, pair: frozenset[str]) -> bool:
        if pair in self.related:
            return True
        if self.family is None or len(pair) != 2:
            return False
        a, b = sorted(pair)
        if any(self.family.get((a, g), -1) == self.family.get((b, g), -2) for g in unit.answer_ids):
            return True
        other = b if a == SOLUTION else a if b == SOLUTION else None
        return other is not None and any((other, g) in self.related_cells for g in unit.answer_ids)


def frozen_chapters(root: Path = SET) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.is_dir())


def load_frozen(chapter: str, root: Path = SET) -> Labelled:
    """One chapter of a frozen evaluation class (``class/`` unless ``root`` says otherwise). A
    chapter with a ``copied.json`` takes its copied pairs from it (two copies of one source are a
    pair there); else each ``# copy of`` header makes one."""
    folder = root / chapter
    release = json.loads((folder / "release.json").read_text())
    units = [Unit(chapter, e["name"], tuple(e["answer_ids"]), e["reference_lines"]) for e in release["exercises"]]
    order = [g for u in units for g in u.answer_ids]
    units.append(Unit(chapter, WHOLE, tuple(order), sum(u.reference_lines for u in units)))
    starter = {p.stem: _body(p) for p in (folder / "starter").glob("*.py")}
    solution = {p.stem: _body(p) for p in (folder / "solution").glob("*.py")}
    given = list(release["course_cells"]) + list(starter.values()) + list(release["statement_code"])
    vocabulary = vocabulary_of(release["course_cells"]) if release["course_cells"] else BUILTINS
    released = frozenset(t.strip() for t in release["course_cells"] + list(starter.values()))
    assignment = Assignment(chapter, units, vocabulary, given, solution, starter, released)
    labelled = Labelled(assignment)
    exercise_of = {g: u.name for u in units if u.name != WHOLE for g in u.answer_ids}
    for author_dir in sorted(p for p in folder.iterdir() if p.is_dir() and p.name not in ("starter", "solution")):
        author = AUTHOR_NAMES.get(author_dir.name, author_dir.name)
        cells = []
        for grade_id in order:
            path = author_dir / f"{grade_id}.py"
            if path.exists():
                cells.append((grade_id, _body(path)))
                _note_copy(labelled, exercise_of[grade_id], author, path)
            added = author_dir / f"added_after__{grade_id}.py"
            if added.exists():
                cells.append((f"added after {grade_id}", _body(added)))
                _note_copy(labelled, exercise_of[grade_id], author, added)
        assignment.students[author] = cells
    labelled.related.add(frozenset({"ho", SOLUTION}))
    truth = folder / "copied.json"
    if truth.exists():
        labelled.copies = {exercise: {frozenset(AUTHOR_NAMES.get(a, a) for a in pair) for pair in pairs}
                           for exercise, pairs in json.loads(truth.read_text())["exercises"].items()}
    return labelled


def notebook_copies(chapter: str, root: Path = SECOND) -> set[frozenset[str]]:
    """The copied pairs of whole notebooks of a chapter with a ``copied.json``."""
    pairs = json.loads((root / chapter / "copied.json").read_text())["notebook"]
    return {frozenset(AUTHOR_NAMES.get(a, a) for a in pair) for pair in pairs}


def _note_copy(labelled: Labelled, exercise: str, author: str, path: Path) -> None:
    match = COPY.match(path.read_text())
    if match:
        source = AUTHOR_NAMES.get(match.group(1), match.group(1))
        labelled.copies.setdefault(exercise, set()).add(frozenset({author, source}))


def _body(path: Path) -> str:
    return HEADER.sub("", path.read_text(), count=1)


# -- the figures ---------------------------------------------------------------------------------

@dataclass
class ExerciseFigures:
    """The figures of one exercise."""

    chapter: str
    exercise: str
    short: bool
    copied: int  # copied pairs (K)
    found: int  # copied pairs in the top K
    independent: int  # independent pairs
    above: int  # independent pairs scoring above the lowest copied pair
    tied: int  # independent pairs scoring exactly as much as the lowest copied pair
    lowest_copy: float
    highest_independent: float
    missed: list[str] = field(default_factory=list)  # copied pairs outside the top K
    intruders: list[str] = field(default_factory=list)  # independent pairs above the lowest copy


def measure(labelled: Labelled, settings: Settings | None = None, compare_short: bool = True) -> list[ExerciseFigures]:
    """The figures of every exercise of one chapter (short exercises too when ``compare_short``:
    the report does not compare them, the figures show why)."""
    settings = settings or Settings()
    assignment = labelled.assignment
    units = assignment.units
    if compare_short:  # measure short exercises as if they were long
        assignment = replace(assignment, units=[Unit(u.assignment_id, u.name, u.answer_ids, 10 ** 6)
                                                if u.name != WHOLE else u for u in units])
    figures = []
    for result in compare_assignment(assignment, settings):
        if result.unit.name == WHOLE:
            continue
        original = next(u for u in units if u.name == result.unit.name)
        figures.append(_figures(labelled, original, set(result.answers), result.pairs))
    return figures


def _figures(labelled: Labelled, unit: Unit, authors: set[str], pairs: list[Pair]) -> ExerciseFigures:
    score = {frozenset({p.a, p.b}): p.score for p in pairs}
    authors = sorted(authors)
    all_pairs = [frozenset({a, b}) for i, a in enumerate(authors) for b in authors[i + 1:]]
    copied = [p for p in all_pairs if p in labelled.copies.get(unit.name, set())]
    related = {p for p in all_pairs if p not in copied and labelled.is_related(unit, p)}
    independent = [p for p in all_pairs if p not in copied and p not in related]
    # ties are broken against the copies: a copy scoring as much as an independent pair ranks below it
    ranked = sorted((p for p in all_pairs if p not in related), key=lambda p: (-score.get(p, 0.0), p in copied))
    top = set(ranked[:len(copied)])
    lowest = min((score.get(p, 0.0) for p in copied), default=1.0)
    intruders = [p for p in independent if score.get(p, 0.0) > lowest] if copied else []
    tied = [p for p in independent if score.get(p, 0.0) == lowest] if copied else []
    return ExerciseFigures(
        unit.assignment_id, unit.name, unit.reference_lines <= SHORT_LINES, len(copied),
        sum(1 for p in copied if p in top), len(independent), len(intruders), len(tied), lowest,
        max((score.get(p, 0.0) for p in independent), default=0.0),
        [_name(p, score) for p in copied if p not in top], [_name(p, score) for p in intruders])


def _name(pair: frozenset[str], score: dict) -> str:
    return " ~ ".join(sorted(pair)) + f" ({score.get(pair, 0.0):.2f})"


def summary(figures: list[ExerciseFigures]) -> dict:
    """Totals over exercises: long and short apart, and the worst chapter."""
    out = {}
    for kind, chosen in (("long", [f for f in figures if not f.short]), ("short", [f for f in figures if f.short])):
        copied = sum(f.copied for f in chosen)
        by_chapter: dict[str, int] = {}
        for f in chosen:
            by_chapter[f.chapter] = by_chapter.get(f.chapter, 0) + f.above
        out[kind] = {"exercises": len(chosen), "copied": copied, "found": sum(f.found for f in chosen),
                     "independent": sum(f.independent for f in chosen), "above": sum(f.above for f in chosen),
                     "tied": sum(f.tied for f in chosen),
                     "worst_chapter": max(by_chapter.values(), default=0),
                     "exercises_all_found": sum(1 for f in chosen if f.found == f.copied)}
    return out
