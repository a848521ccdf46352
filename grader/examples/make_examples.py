"""Regenerate the example class in ``grader/examples/submissions/`` from the built chapter.

    python -m grader.examples.make_examples [CHAPTER_ID [FOLDER]]

makes them (chapter 0 into ``grader/examples/submissions/`` by default; any built chapter into any
FOLDER, to try the grader on test students: ``grader autograde FOLDER --out OUT``).
Each student folder holds ``<chapter>/<chapter>.ipynb`` in nbgrader's submitted layout, made
from the student release in ``assignments/`` and the solutions in ``course/``, so that the class
can be remade whenever the chapter changes:

==============  ==================================================================  ===========
student         notebook                                                            expected
==============  ==================================================================  ===========
perfect         every answer cell holds the solution                                full marks
partial         the solutions of every exercise but the last; the last left as is   in between
untouched       the release, as downloaded                                          0
hung            the solutions, and an added cell that loops and ignores interrupts  0, timed out
malformed       the perfect notebook cut in the middle: not valid JSON              0, malformed
blanker         the release with an added cell that blanks every later cell that    0, flagged
                contains ``assert`` (an IPython input transformer)
absent          a folder without the assignment (only a note)                       0, missing
==============  ==================================================================  ===========
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind, find_chapters, read_chapter
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR, EXAMPLES_DIR

DEFAULT_CHAPTER = "00_finite_differences"
MARKER = SOLUTION_BLOCK  # the name tests/grading import

HANG = """\
# Wait until the computer is ready (it never is, and Ctrl-C does not stop it).
import signal
signal.signal(signal.SIGINT, signal.SIG_IGN)
while True:
    pass
"""

BLANKER = """\
# Make every later cell that contains an assert do nothing.
def _no_asserts(lines):
    return [] if any("assert" in line for line in lines) else lines

get_ipython().input_transformers_cleanup.append(_no_asserts)
"""


def solutions(chapter_id: str) -> dict[str, str]:
    """grade_id -> solution source (markers removed) of every answer cell of the chapter."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    return {
        cell.metadata["nbgrader"]["grade_id"]: MARKER.sub("", cell.source)
        for cell in read_chapter(chapter).cells
        if cell_kind(cell) == "answer"
    }


def answered(release: nbformat.NotebookNode, answers: dict[str, str], skip: set[str] = frozenset()):
    nb = nbformat.from_dict(release)
    for cell in nb.cells:
        if cell_kind(cell) == "answer" and cell.metadata["nbgrader"]["grade_id"] not in skip:
            cell.source = answers[cell.metadata["nbgrader"]["grade_id"]]
    return nb


def with_cell(nb: nbformat.NotebookNode, source: str, after: int = 0, cell_id: str = "added"):
    nb = nbformat.from_dict(nb)
    cell = nbformat.v4.new_code_cell(source)
    cell["id"] = cell_id
    nb.cells.insert(after + 1, cell)
    return nb


def first_code_cell(nb: nbformat.NotebookNode) -> int:
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")


def make(chapter_id: str = DEFAULT_CHAPTER, target: Path = EXAMPLES_DIR / "submissions") -> Path:
    release = nbformat.read(ASSIGNMENTS_DIR / chapter_id / f"{chapter_id}.ipynb", as_version=4)
    answers = solutions(chapter_id)
    answer_ids = list(answers)
    start = first_code_cell(release)
    perfect = answered(release, answers)
    notebooks = {
        "perfect": perfect,
        "partial": answered(release, answers, skip={answer_ids[-1]}),
        "untouched": release,
        "hung": with_cell(perfect, HANG, after=start, cell_id="waiting"),
        "blanker": with_cell(release, BLANKER, after=start, cell_id="blanker"),
    }
    if target.exists():
        shutil.rmtree(target)
    for student, nb in notebooks.items():
        folder = target / student / chapter_id
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{chapter_id}.ipynb")
    text = nbformat.writes(perfect)
    broken = target / "malformed" / chapter_id / f"{chapter_id}.ipynb"
    broken.parent.mkdir(parents=True)
    broken.write_text(text[: len(text) // 2])
    (target / "absent").mkdir()
    (target / "absent" / "NOTE.txt").write_text("This student submitted nothing.\n")
    return target


def main(argv: list[str]) -> int:
    if len(argv) > 2 or any(arg.startswith("-") for arg in argv):
        print("usage: python -m grader.examples.make_examples [CHAPTER_ID [FOLDER]]", file=sys.stderr)
        return 2
    chapter_id = argv[0] if argv else DEFAULT_CHAPTER
    if not (ASSIGNMENTS_DIR / chapter_id / f"{chapter_id}.ipynb").exists():
        known = ", ".join(sorted(c.chapter_id for c in find_chapters(COURSE_DIR)))
        print(f"{chapter_id}: no built release in {ASSIGNMENTS_DIR} (make build; chapters: {known})", file=sys.stderr)
        return 2
    target = Path(argv[1]).resolve() if len(argv) > 1 else EXAMPLES_DIR / "submissions"
    print(make(chapter_id, target))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
