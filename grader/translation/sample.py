"""A sample class for a reader of a translated edition: ``python -m grader.i18n sample OUT``.

For each translated chapter, a student ``reader`` submits the edition's release with its
answers filled in, the first exercise answered with the first of its known mistakes (the rest
right), and the grader grades it: ``OUT/graded/feedback/reader/<id>/<id>.html`` is the Chinese
feedback of a wrong Chinese submission, as a student would read it (scores, the judge's messages,
the diagnosed mistake).
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from grader.course.mistakes import HEADER_LINE, known_wrong
from grader.course.model import SOLUTION_BLOCK, cell_kind, exercises, read_chapter
from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import ZH, Edition
from grader.paths import COURSE_DIR


def write_sample(out: Path, edition: Edition = ZH, course_dir: Path = COURSE_DIR) -> Path:
    """The sample submissions under ``out/submissions``; returns that folder."""
    root = Path(out) / "submissions" / "reader"
    for chapter in translated_chapters(edition, course_dir):
        source = read_chapter(chapter)
        answers = {c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
                   for c in source.cells if cell_kind(c) == "answer"}
        first = exercises(source)[0].answer_ids[0]
        wrong = next(k for k in known_wrong(chapter.folder) if k.answer_id == first)
        answers[first] = "\n".join(line for line in wrong.code.splitlines()  # without its explaining header
                                    if not HEADER_LINE.fullmatch(line.strip()))
        release = nbformat.read(edition.assignments_dir / chapter.chapter_id / chapter.notebook_name, as_version=4)
        for cell in release.cells:
            if cell_kind(cell) == "answer":
                cell.source = answers[cell.metadata["nbgrader"]["grade_id"]]
        folder = root / chapter.chapter_id
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(release, folder / chapter.notebook_name)
    return root.parent


def sample(out: Path, log=print) -> Path:
    """Write the sample class and grade it into ``out/graded``; returns the feedback folder."""
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    submissions = write_sample(out)
    autograde(submissions, Path(out) / "graded", COURSE_DIR, GradingSettings(jobs=2), log=log)
    return Path(out) / "graded" / "feedback" / "reader"
