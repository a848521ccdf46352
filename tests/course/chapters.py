"""The chapters and their known-wrong implementations, for parametrising tests."""

from functools import cache
from pathlib import Path

from grader.course.model import find_chapters, read_chapter
from grader.paths import COURSE_DIR
from support.in_process import known_wrong

KNOWN_WRONG_DIR = Path(__file__).resolve().parent.parent / "known_wrong"
CHAPTERS = find_chapters(COURSE_DIR)
CHAPTER_IDS = [c.chapter_id for c in CHAPTERS]
KNOWN_WRONG = [kw for cid in CHAPTER_IDS for kw in known_wrong(KNOWN_WRONG_DIR, cid)]


@cache
def source_notebook(chapter_id: str):
    """The nbgrader source notebook of a chapter (solutions and hidden tests included)."""
    chapter = next(c for c in CHAPTERS if c.chapter_id == chapter_id)
    return read_chapter(chapter)


def chapter_folder(chapter_id: str) -> Path:
    return next(c.folder for c in CHAPTERS if c.chapter_id == chapter_id)
