"""``python -m grader build``: turn ``course/`` into ``assignments/`` and ``solutions/``.

For each chapter:

0. a chapter with a recorder (``torch_values.py``) has its values recorded with torch, into
   ``autograd_lib/data/torch_values/<chapter>.json`` (``grader.course.torch_values``): its
   kernel has no torch (``kernel_library.WITHOUT``), and its cells compare with these (step 3
   runs it with the stubs of what its kernel goes without, as grading does);
1. the authored MyST text becomes nbgrader's *source* notebook (``grader.course.model``);
2. nbgrader's ``generate_assignment`` makes the student version, written to
   ``assignments/<chapter>/<chapter>.ipynb`` with the chapter's other files beside it;
3. a reading copy with the solutions shown is executed and written, with its outputs and
   pictures, to ``solutions/<chapter>/<chapter>.ipynb``.

Building twice gives byte-identical notebooks: cell ids come from the text, nothing records a
time, and every chapter seeds its randomness.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import nbformat

from grader.course import torch_values
from grader.course.kernel_library import stubs_first
from grader.course.model import Chapter, find_chapters, read_chapter, solution_notebook
from grader.course.nbgrader_setup import NbgraderCourse
from grader.course.run_notebook import execute_notebook
from grader.errors import UsageError
from grader.paths import COURSE_DIR, REPO_ROOT, SOLUTIONS_BUILD


def build(
    course_dir: Path = COURSE_DIR,
    out_root: Path = REPO_ROOT,
    chapter_ids: list[str] | None = None,
    *,
    solutions: bool = True,
    kernel_env: dict[str, str] | None = None,
    log=print,
) -> list[str]:
    """Build the chapters (all, or those in ``chapter_ids``) and return their ids.

    ``kernel_env`` is added to the environment of the kernels that execute the solutions (the
    course's tests build with one thread, to catch printed numbers that depend on the thread count).
    """
    chapters = find_chapters(Path(course_dir))
    if chapter_ids:
        unknown = set(chapter_ids) - {c.chapter_id for c in chapters}
        if unknown:
            raise UsageError(f"no such chapter in {course_dir}: {', '.join(sorted(unknown))}")
        chapters = [c for c in chapters if c.chapter_id in chapter_ids]
    else:
        _remove_stale_folders(Path(out_root), {c.chapter_id for c in chapters})
    with tempfile.TemporaryDirectory(prefix="course-build-") as tmp:
        course = NbgraderCourse(Path(tmp))
        for chapter in chapters:
            if torch_values.recorder_path(chapter) is not None:
                written = torch_values.write(chapter, Path(out_root))
                log(f"build {chapter.chapter_id}: values recorded with torch "
                    f"{'written' if written else 'unchanged'}")
            log(f"build {chapter.chapter_id}: student version")
            source = read_chapter(chapter)
            course.add_source(chapter, source)
            course.generate_assignment(chapter.chapter_id)
            _publish(course.release_dir(chapter.chapter_id), Path(out_root) / "assignments", chapter)
            if solutions:
                log(f"build {chapter.chapter_id}: executing the solutions")
                write_solution(chapter, Path(out_root) / "solutions", source, kernel_env)
    return [c.chapter_id for c in chapters]


def write_solution(chapter: Chapter, solutions_root: Path, source: nbformat.NotebookNode,
                   kernel_env: dict[str, str] | None = None) -> Path:
    """Execute the reading copy of ``chapter`` (from its ``source`` notebook) and write it under
    ``solutions_root``."""
    target = solutions_root / chapter.chapter_id
    _fresh_folder(target)
    for extra in chapter.extra_files:
        shutil.copy2(extra, target / extra.name)
    with tempfile.TemporaryDirectory(prefix="course-without-") as stubs:  # what its kernel goes without
        kernel_env = {**(kernel_env or {}), SOLUTIONS_BUILD: "1"}
        kernel_env = stubs_first(chapter.english_id or chapter.chapter_id, Path(stubs), kernel_env)
        nb = execute_notebook(solution_notebook(source), cwd=target, extra_env=kernel_env)
    path = target / chapter.notebook_name
    nbformat.write(nb, path)
    _clean_execution_leftovers(target, chapter)
    return path


def _publish(release: Path, assignments_root: Path, chapter: Chapter) -> None:
    target = assignments_root / chapter.chapter_id
    _fresh_folder(target)
    for item in sorted(release.iterdir()):
        if item.suffix == ".ipynb":
            nbformat.write(nbformat.read(item, as_version=4), target / item.name)
        elif item.is_file():
            shutil.copy2(item, target / item.name)


def _clean_execution_leftovers(target: Path, chapter: Chapter) -> None:
    keep = {chapter.notebook_name} | {p.name for p in chapter.extra_files}
    for item in target.iterdir():
        if item.name not in keep:
            shutil.rmtree(item) if item.is_dir() else item.unlink()


def _fresh_folder(path: Path) -> None:
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)


def _remove_stale_folders(out_root: Path, chapter_ids: set[str]) -> None:
    for kind in ("assignments", "solutions"):
        root = out_root / kind
        if not root.exists():
            continue
        for folder in root.iterdir():
            if folder.is_dir() and folder.name not in chapter_ids:
                shutil.rmtree(folder)
