"""``python -m grader check NOTEBOOK``: a self-learner grades one notebook offline.

The notebook goes through exactly the instructor's pipeline (sandbox when bubblewrap works, the
judge with a fresh seed, limits) as a class of one, so the verdict and the feedback are the same
an instructor would send. Prints a line per exercise, named as the notebook names it, with the
messages of its failed tests under it, and where the HTML feedback is (with ``--out``).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import nbformat

from grader.course.model import exercise_titles, exercises, read_chapter
from grader.errors import UsageError
from grader.feedback.feedback_page import diagnosis_text
from grader.i18n.chapters import all_chapters
from grader.i18n.editions import EDITIONS
from grader.i18n.wording import words_for
from grader.paths import SOLUTIONS_DIR
from grader.records.jobs import JobResult, Status
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde


def check(notebook: Path, course_dir: Path, *, assignment: str | None = None,
          cell_timeout: int = 60, out: Path | None = None, log=print) -> int:
    """Grade ``notebook``; returns 0 when every exercise earned full marks, else 1."""
    notebook = Path(notebook).resolve()
    if not notebook.is_file():
        raise UsageError(f"no such notebook: {notebook}")
    chapters = {c.chapter_id: c for c in all_chapters(Path(course_dir))}
    assignment = assignment or notebook.stem
    if assignment not in chapters:
        raise UsageError(f"{notebook.name}: not a chapter of {course_dir} (use --assignment)")
    if _is_worked_solution(notebook):
        raise UsageError(
            f"{notebook} is the course's worked solution (solutions/ is made by `make build` and has no "
            "grading metadata), not a copy you worked in. Check your own copy, for example "
            f"~/autograd-course/{assignment}/{assignment}.ipynb (what `make lab` fetches for you)")
    work = Path(tempfile.mkdtemp(prefix="course-check-"))
    try:
        submitted = work / "submissions" / "me" / assignment
        submitted.mkdir(parents=True)
        shutil.copy2(notebook, submitted / chapters[assignment].notebook_name)
        for extra in chapters[assignment].extra_files:
            shutil.copy2(extra, submitted / extra.name)
        target = Path(out).resolve() if out else work / "out"
        settings = GradingSettings(jobs=1, cell_timeout=cell_timeout)
        [result] = autograde(work / "submissions", target, Path(course_dir), settings,
                             [assignment], log=lambda *a: None)
        log(render(result, read_chapter(chapters[assignment])))
        if out:
            log(f"feedback: {target / 'feedback' / 'me' / assignment}")
        return 0 if result.full_marks else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _is_worked_solution(notebook: Path) -> bool:
    """Whether ``notebook`` is one of solutions/ (or a copy of one): no cell has nbgrader's metadata."""
    if any(Path(notebook).is_relative_to(folder.resolve())
           for folder in (SOLUTIONS_DIR, *(e.solutions_dir for e in EDITIONS.values()))):
        return True
    try:
        nb = nbformat.read(notebook, as_version=4)
    except Exception:  # an unreadable notebook is graded, and reported as malformed
        return False
    return bool(nb.cells) and not any("nbgrader" in c.metadata for c in nb.cells) and any(
        c.metadata.get("exercise") for c in nb.cells)


def render(result: JobResult, source) -> str:
    """Per exercise: its points, then the messages of its failed tests; then what the grader noticed.

    ``source`` is the chapter's source notebook (for the exercises' titles and test cells)."""
    titles = exercise_titles(source)
    words = words_for(result.assignment_id)
    header = f"{result.assignment_id}: {result.score:g} / {result.max_score:g}"
    lines = [header if result.status == Status.GRADED else f"{header} ({words.tr(result.status.description)})"]
    listed = {e.name: e for e in exercises(source)}
    width = max((len(titles.get(e.exercise, e.exercise)) for e in result.exercises), default=10)
    for row in result.exercises:
        mark = "ok  " if row.full else "FAIL"
        lines.append(f"  {mark}  {titles.get(row.exercise, row.exercise):<{width}}  {row.score:g} / {row.max_score:g}")
        tests = listed[row.exercise].test_ids if row.exercise in listed else ()
        diagnosed = row.exercise in result.diagnoses
        consequences: list[str] = []
        for where, message in result.messages.items():
            if where.split("/", 1)[-1] in tests:
                if diagnosed:
                    message, broken = _split_broken(message, words)
                    consequences += broken
                lines.append(f"        {message}")
        if diagnosed:
            lines.append(f"        -> {diagnosis_text(result.diagnoses[row.exercise], words)}")
            lines += [f"           {words.tr('broken as a consequence of this mistake: {promise}', promise=name)}"
                      for name in consequences]
    for reason in result.reasons:
        lines.append("  " + words.tr("note: {reason}", reason=words.message(reason)))
    return "\n".join(lines)


def _split_broken(message: str, words) -> tuple[str, list[str]]:
    """A test cell's message without its ``broken: PROMISE`` lines, and those promises' names.

    A diagnosed mistake fails every case the answer failed, the same way (``grader.judge.diagnose``),
    so each promise the answer breaks is one the mistake breaks: the mistake explains it, and it is
    listed under the diagnosis as a consequence, not as a break of its own."""
    marker = f"{words.tr('broken')}: "
    kept, broken = [], []
    for line in message.splitlines():
        (broken.append(line.strip()[len(marker):]) if line.strip().startswith(marker) else kept.append(line))
    return "\n".join(kept), broken
