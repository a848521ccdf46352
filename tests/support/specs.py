"""A ``JobSpec`` for one notebook, made as a grading run makes it, for tests that call
``worker.grade_job`` in their own process."""

from __future__ import annotations

from pathlib import Path

from support.classes import CHAPTER, write_class

from grader.course.model import find_chapters
from grader.paths import COURSE_DIR
from grader.records.jobs import JobSpec
from grader.records.settings import GradingSettings
from grader.run import class_run as runner


def one_spec(root: Path, notebook, student: str = "ann", chapter: str = CHAPTER,
             settings: GradingSettings | None = None) -> JobSpec:
    """The spec of ``student``'s ``notebook`` of ``chapter``, with OUT under ``root``."""
    submissions = write_class(Path(root) / "subs", {student: notebook}, chapter=chapter)
    out = Path(root) / "out"
    out.mkdir(parents=True, exist_ok=True)
    chapters = {c.chapter_id: c for c in find_chapters(COURSE_DIR)}
    settings = settings or GradingSettings(jobs=1, diagnose=False)
    _, [job] = runner._find(submissions, out, chapters, [chapter], settings, lambda *a: None)
    return runner.Run.prepare(out, [chapters[chapter]], settings, lambda *a: None).spec(job)
