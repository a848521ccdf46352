"""The chapters, their known-wrong implementations and their unusual correct answers, for
parametrising tests."""

from functools import cache
from pathlib import Path

from grader.course.mistakes import KnownWrong, known_wrong
from grader.course.model import find_chapters, read_chapter
from grader.paths import COURSE_DIR

UNUSUAL_CORRECT_DIR = Path(__file__).resolve().parent.parent / "unusual_correct"
CHAPTERS = find_chapters(COURSE_DIR)
CHAPTER_IDS = [c.chapter_id for c in CHAPTERS]
KNOWN_WRONG = [kw for c in CHAPTERS for kw in known_wrong(c.folder)]
UNUSUAL_CORRECT = [KnownWrong.from_file(p) for cid in CHAPTER_IDS
                   for p in sorted((UNUSUAL_CORRECT_DIR / cid).glob("*.py"))]


@cache
def source_notebook(chapter_id: str):
    """The nbgrader source notebook of a chapter (solutions and hidden tests included)."""
    chapter = next(c for c in CHAPTERS if c.chapter_id == chapter_id)
    return read_chapter(chapter)


def chapter_folder(chapter_id: str) -> Path:
    return next(c.folder for c in CHAPTERS if c.chapter_id == chapter_id)
