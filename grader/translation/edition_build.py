"""Build a translated edition: ``assignments-zh/`` and ``solutions-zh/`` beside the English ones.

For each chapter that has a translation (``chapters.translated_chapters``), as the English build
does (``grader.course.build``): the source notebook (``assemble``) goes through nbgrader's
``generate_assignment`` into ``assignments-zh/<id>/``, and its reading copy with the solutions is
executed into ``solutions-zh/<id>/``, with the English build's numerics and the pinned Chinese
font (``fonts``). nbgrader's stub in an answer cell is said in the edition's language. Building
twice gives the same bytes.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from grader.course.build import _publish, write_solution
from grader.course.model import read_chapter
from grader.course.nbgrader_setup import NbgraderCourse
from grader.errors import UsageError
from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import EDITIONS, ZH, Edition
from grader.paths import COURSE_DIR, REPO_ROOT
from grader.translation.fonts import pinned_font

#: What replaces a solution in the student's copy (nbgrader's ``ClearSolutions.code_stub``).
CODE_STUBS = {"zh": "# 在这里写你的代码\nraise NotImplementedError()"}


def build_edition(edition: Edition = ZH, course_dir: Path = COURSE_DIR, out_root: Path = REPO_ROOT,
                  chapter_ids: list[str] | None = None, *, solutions: bool = True,
                  kernel_env: dict[str, str] | None = None, log=print) -> list[str]:
    """Build the chapters of ``edition`` (all, or those in ``chapter_ids``); return their ids."""
    chapters = translated_chapters(edition, Path(course_dir))
    assignments = Path(out_root) / edition.assignments_dir.name
    solved = Path(out_root) / edition.solutions_dir.name
    if chapter_ids:
        unknown = set(chapter_ids) - {c.chapter_id for c in chapters}
        if unknown:
            raise UsageError(f"no such chapter of the {edition.language} edition: {', '.join(sorted(unknown))}")
        chapters = [c for c in chapters if c.chapter_id in chapter_ids]
    else:
        for root in (assignments, solved):
            if root.exists():
                for folder in root.iterdir():
                    if folder.is_dir() and folder.name not in {c.chapter_id for c in chapters}:
                        shutil.rmtree(folder)
    env = {**(kernel_env or {}), **(pinned_font() if solutions and chapters else {})}
    with tempfile.TemporaryDirectory(prefix="course-build-") as tmp:
        course = NbgraderCourse(Path(tmp))
        course.config.ClearSolutions.code_stub = {"python": CODE_STUBS.get(edition.language, "")}
        for chapter in chapters:
            log(f"build {chapter.chapter_id}: student version")
            source = read_chapter(chapter)
            course.add_source(chapter, source)
            course.generate_assignment(chapter.chapter_id)
            _publish(course.release_dir(chapter.chapter_id), assignments, chapter)
            if solutions:
                log(f"build {chapter.chapter_id}: executing the solutions")
                write_solution(chapter, solved, source, env)
    return [c.chapter_id for c in chapters]


def editions_for(chapter_ids: list[str] | None) -> dict[str, list[str] | None]:
    """Which editions a ``grader build CHAPTER ...`` touches: ``{language: ids or None (all)}``."""
    if not chapter_ids:
        return {"en": None, **{language: None for language in EDITIONS}}
    split: dict[str, list[str]] = {}
    for chapter_id in chapter_ids:
        language = next((e.language for e in EDITIONS.values() if chapter_id.startswith(e.prefix)), "en")
        split.setdefault(language, []).append(chapter_id)
    return split
