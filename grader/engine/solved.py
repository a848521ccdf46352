"""A work folder whose notebooks hold the course's own answers (the released notebooks with each
answer cell's solution put in): what the solutions' engine is assembled from."""

from __future__ import annotations

from pathlib import Path

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind, find_chapters, read_chapter

REPO = Path(__file__).resolve().parents[2]


def write_solved_folder(dest: Path, chapters: list[str], answers: dict[str, str] | None = None,
                        course_dir: Path = REPO / "course", release_dir: Path = REPO / "assignments") -> Path:
    """Write ``dest/NN_slug/NN_slug.ipynb`` for each chapter: the release with the solutions'
    answers, or ``answers[grade_id]`` where given."""
    answers = answers or {}
    for chapter in find_chapters(course_dir):
        if chapter.chapter_id not in chapters:
            continue
        solutions = {c.metadata["nbgrader"]["grade_id"]: SOLUTION_BLOCK.sub("", c.source)
                     for c in read_chapter(chapter).cells if cell_kind(c) == "answer"}
        released = release_dir / chapter.chapter_id
        nb = nbformat.read(released / chapter.notebook_name, as_version=4)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell_kind(cell) == "answer" and grade_id in solutions:
                cell.source = answers.get(grade_id, solutions[grade_id])
        folder = Path(dest) / chapter.chapter_id
        folder.mkdir(parents=True, exist_ok=True)
        for extra in released.iterdir():
            if extra.is_file() and extra.suffix != ".ipynb":
                (folder / extra.name).write_bytes(extra.read_bytes())
        nbformat.write(nb, folder / chapter.notebook_name)
    return Path(dest)
