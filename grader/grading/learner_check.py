"""``python -m grader check NOTEBOOK``: a self-learner grades one notebook offline.

The notebook goes through exactly the instructor's pipeline (sandbox when bubblewrap works,
hidden tests with a fresh seed, completion marks, limits) as a class of one, so the verdict and
the feedback are the same an instructor would send. Prints a line per exercise and the message of
every failed test, and where the HTML feedback is (with ``--out``).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from grader.course.model import find_chapters
from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings


def check(notebook: Path, course_dir: Path, *, assignment: str | None = None,
          cell_timeout: int = 60, out: Path | None = None, log=print) -> int:
    """Grade ``notebook``; returns 0 when every exercise earned full marks, else 1."""
    notebook = Path(notebook).resolve()
    if not notebook.is_file():
        raise SystemExit(f"no such notebook: {notebook}")
    chapters = {c.chapter_id: c for c in find_chapters(Path(course_dir))}
    assignment = assignment or notebook.stem
    if assignment not in chapters:
        raise SystemExit(f"{notebook.name}: not a chapter of {course_dir} (use --assignment)")
    work = Path(tempfile.mkdtemp(prefix="course-check-"))
    try:
        submitted = work / "submissions" / "me" / assignment
        submitted.mkdir(parents=True)
        shutil.copy2(notebook, submitted / chapters[assignment].notebook_name)
        for extra in chapters[assignment].extra_files:
            shutil.copy2(extra, submitted / extra.name)
        target = Path(out).resolve() if out else work / "out"
        settings = GradingSettings(jobs=1, cell_timeout=cell_timeout, progress=False)
        [result] = autograde(work / "submissions", target, Path(course_dir), settings,
                             [assignment], log=lambda *a: None)
        log(render(result))
        if out:
            log(f"feedback: {target / 'feedback' / 'me' / assignment}")
        full = result["status"] in ("graded",) and result["score"] == result["max_score"]
        return 0 if full else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def render(result: dict) -> str:
    """Per-exercise lines, then the failed tests' messages and anything the grader noticed."""
    lines = [f"{result['assignment_id']}: {result['score']:g} / {result['max_score']:g} "
             f"({result['status']})"]
    for e in result.get("exercises", []):
        mark = "ok  " if e["score"] == e["max_score"] else "FAIL"
        lines.append(f"  {mark} {e['exercise']:<28} {e['score']:g} / {e['max_score']:g}")
    for where, message in result.get("messages", {}).items():
        lines.append(f"  {where.split('/', 1)[-1]}: {message}")
    for reason in result.get("reasons", []):
        lines.append(f"  note: {reason}")
    return "\n".join(lines)
