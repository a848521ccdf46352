"""Compare a graded class: which notebooks, which units, and what is written.

``write_similarity(OUT)`` reads the notebooks a run graded (``OUT/jobs/<student>/<assignment>/
course/submitted/...``, one per student and assignment: the attempt that counts), the run's
template course (``OUT/template/source`` and ``release``; the course folder when it is gone),
compares every long exercise and every chapter's whole notebook, and writes
``OUT/similarity.csv`` and ``OUT/similarity.json`` (the listed pairs with their code, for the class
report). It never changes a grade and writes nothing under ``OUT/feedback``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from grader.records.jobs import JobResult, Status
from grader.similarity.compare import Pair, Settings, compare, given_fingerprints, listed
from grader.similarity.documents import WHOLE, Answer, Assignment, Unit, read_assignment, student_cells
from grader.similarity.ranking import ranking

RAN = {Status.GRADED, Status.FLAGGED, Status.TIMED_OUT, Status.CRASHED}


@dataclass
class UnitResult:
    """One unit compared: its answers, what the index found, and the pairs worth listing."""

    unit: Unit
    answers: dict[str, Answer]
    pairs: list[Pair]  # every candidate, most alike first
    shown: list[Pair]  # the ones listed
    stats: dict
    ranked: dict = field(default_factory=dict)  # whole notebook: pair of authors -> ``ranking.Ranked``


def submitted_notebooks(out: Path) -> dict[tuple[str, str], Path]:
    """(student, assignment) -> the folder of the notebooks the run graded, for every job whose
    notebook ran (missing and malformed ones have nothing to compare)."""
    found = {}
    for result_path in sorted(Path(out).glob("jobs/*/*/result.json")):
        result = JobResult.read(result_path)
        if result is None or result.status not in RAN:
            continue
        folder = result_path.parent / "course" / "submitted" / result.student_id / result.assignment_id
        if folder.is_dir():
            found[(result.student_id, result.assignment_id)] = folder
    return found


def nbgrader_submitted(root: Path) -> dict[tuple[str, str], Path]:
    """The same mapping from nbgrader's own layout, ``<root>/<student>/<assignment>/*.ipynb``
    (a course directory's ``submitted/``, where the hosted course keeps the attempts that count)."""
    return {(folder.parent.name, folder.name): folder for folder in sorted(Path(root).glob("*/*"))
            if folder.is_dir() and any(folder.glob("*.ipynb"))}


@dataclass
class ClassComparison:
    """A class compared: every unit compared, and the short exercises (not compared on their own)."""

    units: list[UnitResult]
    short: dict[str, list[str]]  # assignment -> its short exercises


def compare_class(out: Path, submitted: Mapping[tuple[str, str], Path] | None = None,
                  course_dir: Path | None = None, settings: Settings | None = None) -> ClassComparison:
    """Compare every long exercise and every whole notebook of the class graded into ``out``; the
    editions of a chapter together (``zh_03_backward_engine`` with ``03_backward_engine``: an
    English copy of a Chinese submission is a copy), under the English edition's id."""
    settings = settings or Settings()
    submitted = dict(submitted) if submitted is not None else submitted_notebooks(out)
    found = ClassComparison([], {})
    for chapter_id, editions in sorted(chapter_editions({a for _, a in submitted}).items()):
        templates = {a: template_notebooks(Path(out), a, course_dir) for a in editions}
        editions = [a for a in editions if templates[a]]
        if not editions:
            continue
        first = editions[0]
        for index, (name, source, release) in enumerate(templates[first]):
            assignment = read_assignment(chapter_id, source, release)
            names = {first: name}
            for other in editions[1:]:
                if index < len(templates[other]):
                    other_name, other_source, other_release = templates[other][index]
                    assignment.add_edition(read_assignment(other, other_source, other_release))
                    names[other] = other_name
            handed = [s for s, a in submitted if a in names]
            twice = {s for s in handed if handed.count(s) > 1}
            for (student, a), folder in sorted(submitted.items()):
                if a in names and (Path(folder) / names[a]).is_file():
                    author = f"{student} ({a})" if student in twice else student
                    assignment.students[author] = student_cells(Path(folder) / names[a], assignment.released,
                                                                assignment.released_ids)
            found.units += compare_assignment(assignment, settings)
            found.short.setdefault(chapter_id, []).extend(u.name for u in assignment.units if u.short)
    return found


def chapter_editions(assignment_ids) -> dict[str, list[str]]:
    """chapter id (the English edition's) -> its editions among ``assignment_ids``, English first."""
    from grader.i18n.editions import chapter_key

    found: dict[str, list[str]] = {}
    for assignment_id in sorted(assignment_ids, key=lambda a: (chapter_key(a) != a, a)):
        found.setdefault(chapter_key(assignment_id), []).append(assignment_id)
    return found


def compare_assignment(assignment: Assignment, settings: Settings) -> list[UnitResult]:
    """Compare the units of one assignment (short exercises are not compared on their own)."""
    given = given_fingerprints(assignment.given_tokens(), settings)
    results = []
    for unit in assignment.units:
        if unit.short:
            continue
        started = time.monotonic()
        answers = assignment.answers(unit)
        pairs, stats = compare(answers, given, settings)
        stats["seconds"] = round(time.monotonic() - started, 3)
        results.append(UnitResult(unit, answers, pairs, listed(pairs, settings), stats))
    ranked = ranking(results)
    for result in results:
        if result.unit.name == WHOLE:
            result.ranked = ranked
            result.shown = ranked_listing(result, settings)
    return results


def ranked_listing(whole: UnitResult, settings: Settings) -> list[Pair]:
    """The whole notebook's listing: the ``top`` pairs by ranking score (``ranking``: a copy of
    one exercise or of the solution ranks high) and every pair above the threshold, by ranking."""
    def rank(pair: Pair) -> float:
        found = whole.ranked.get(frozenset({pair.a, pair.b}))
        return found.score if found else pair.score

    ordered = sorted(whole.pairs, key=lambda p: (-rank(p), -p.score, p.a, p.b))
    return [p for i, p in enumerate(ordered) if i < settings.top or p.score >= settings.threshold]


def template_notebooks(out: Path, assignment_id: str, course_dir: Path | None):
    """(notebook name, source notebook, release notebook) of each notebook of an assignment: from
    the run's template course, else from the course folder and the built release."""
    source_dir, release_dir = out / "template" / "source" / assignment_id, out / "template" / "release" / assignment_id
    found = [(s.name, nbformat.read(s, as_version=4), nbformat.read(release_dir / s.name, as_version=4))
             for s in sorted(source_dir.glob("*.ipynb")) if (release_dir / s.name).exists()]
    if found:
        return found
    from grader.course.model import read_chapter
    from grader.i18n.chapters import all_chapters
    from grader.i18n.editions import EDITIONS, language_of
    from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR

    for chapter in all_chapters(Path(course_dir or COURSE_DIR)):
        if chapter.chapter_id != assignment_id:
            continue
        language = language_of(assignment_id)
        root = ASSIGNMENTS_DIR if language not in EDITIONS else EDITIONS[language].assignments_dir
        release = root / chapter.chapter_id / chapter.notebook_name
        if release.exists():
            return [(chapter.notebook_name, read_chapter(chapter), nbformat.read(release, as_version=4))]
    return []
