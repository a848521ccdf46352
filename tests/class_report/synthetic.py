"""A synthetic class of 60 students for the class report's tests, built from known-wrong answers.

Chapter 7 (quick to grade), with a few *kinds* of notebook: the solutions, or the solutions with
one or two answer cells replaced by a known-wrong implementation from ``course/<chapter>/known_wrong/``.
Grading 60 notebooks through nbgrader takes about 10 s each here (minutes on 2 cores), so
``build`` grades one notebook of every kind through the real ``autograde`` (one kind twice, with
different seeds, so that the grouping is checked on messages whose numbers really differ), then
makes each other student by copying a graded student's submission byte for byte and its job
folder (``OUT/jobs/<student>/07_linear_function``). A second real ``autograde`` run over all 60
folders finds those jobs already graded (same fingerprint), grades the malformed and the missing
submission, merges every result into the gradebook, writes the CSV files and the report.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import nbformat
from support.in_process import answered_release

from grader.course.mistakes import known_wrong
from grader.course.model import find_chapters, read_chapter
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR

CHAPTER = "07_linear_function"


@dataclass(frozen=True)
class Kind:
    """A notebook every student of this kind submits: ``mistakes`` maps answer grade_id -> mistake."""

    name: str
    mistakes: tuple[tuple[str, str], ...] = ()
    students: int = 1  # how many of the 60 submit it
    graded: int = 1  # how many of them are really graded (different seeds)


KINDS = [
    Kind("correct", students=18),
    Kind("drops_bias", (("linear", "drops_bias"),), students=12),
    Kind("bias_grad_mean", (("linear_function", "bias_grad_mean"),), students=14, graded=2),
    Kind("needs_swapped", (("linear_function", "needs_input_grad_swapped"),), students=9),
    Kind("two_mistakes", (("linear", "squeeze_all"), ("linear_function", "bias_grad_not_summed")),
         students=5),
]
#: students who need attention: one malformed notebook, one student who submitted nothing
MALFORMED = "s60"
MISSING = "s59"
STUDENTS = [f"s{i:02d}" for i in range(1, 61)]


def mistake_code(answer_id: str, name: str) -> str:
    for kw in known_wrong(COURSE_DIR / CHAPTER):
        if kw.answer_id == answer_id and kw.name == name:
            return kw.code
    raise KeyError(f"no known-wrong {answer_id}__{name} in {CHAPTER}")


def notebook(kind: Kind) -> nbformat.NotebookNode:
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER)
    release = nbformat.read(ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    replacements = {a: mistake_code(a, m) for a, m in kind.mistakes}
    return answered_release(release, read_chapter(chapter), replacements)


def plan() -> dict[str, Kind | str]:
    """student -> Kind, or "malformed" / "missing"; the kinds interleaved over the roster."""
    queue = [s for s in STUDENTS if s not in (MALFORMED, MISSING)]
    assert sum(k.students for k in KINDS) == len(queue)
    order = sorted(((i / k.students, n) for n, k in enumerate(KINDS) for i in range(k.students)))
    roster: dict[str, Kind | str] = {s: KINDS[n] for s, (_, n) in zip(queue, order, strict=True)}
    roster[MALFORMED] = "malformed"
    roster[MISSING] = "missing"
    return roster


def write_submission(root: Path, student: str, kind, cache: dict) -> None:
    folder = root / student / CHAPTER
    if kind == "missing":
        (root / student).mkdir(parents=True, exist_ok=True)
        (root / student / "note.txt").write_text("I will hand it in next week.\n")
        return
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{CHAPTER}.ipynb"
    if kind == "malformed":
        path.write_text('{"cells": [ {"cell_type": "code", "source": "x = ')
        return
    if kind not in cache:
        cache[kind] = nbformat.writes(notebook(kind))
    path.write_text(cache[kind])


def build(root: Path, autograde, settings, first_log=None) -> dict:
    """Write the 60 submissions under ``root/submissions`` and grade them into ``root/out``.

    ``autograde`` is ``grader.run.class_run.autograde``; ``first_log`` receives the log of the
    first run (the representatives). Returns the roster, the representatives and the results.
    """
    roster = plan()
    submissions, first, out = root / "submissions", root / "first", root / "out"
    cache: dict = {}
    graded_left = {k.name: k.graded for k in KINDS}
    representatives: dict[str, list[str]] = {}  # kind name -> the students really graded
    for student, kind in roster.items():
        write_submission(submissions, student, kind, cache)
        if isinstance(kind, Kind) and graded_left[kind.name] > 0:
            graded_left[kind.name] -= 1
            write_submission(first, student, kind, cache)
            representatives.setdefault(kind.name, []).append(student)
    autograde(first, out, COURSE_DIR, settings, log=first_log or (lambda *a: None))
    for student, kind in roster.items():
        target = out / "jobs" / student / CHAPTER
        if isinstance(kind, Kind) and not (target / "result.json").exists():
            source = representatives[kind.name][0]
            _copy_job(out / "jobs" / source / CHAPTER, target, source, student)
    results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
    return {"roster": roster, "representatives": representatives, "results": results,
            "out": out, "submissions": submissions}


def _copy_job(source: Path, target: Path, old: str, new: str) -> None:
    """A graded job folder as if ``new`` had been graded: the same result, under ``new``'s name."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".lock"))
    for sub in ("autograded", "submitted", "feedback"):
        inner = target / "course" / sub / old
        if inner.exists():
            inner.rename(target / "course" / sub / new)
    result = json.loads((target / "result.json").read_text())
    result["student_id"] = new
    (target / "result.json").write_text(json.dumps(result, indent=1, sort_keys=True))
