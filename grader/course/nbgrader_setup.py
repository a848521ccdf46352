"""nbgrader, as this course uses it: the configuration of every course directory, and one such
directory with its folders (source, release, submitted, autograded, feedback)."""

from __future__ import annotations

import os
import secrets
import shutil
import sys
from pathlib import Path

import nbformat
from traitlets.config import Config

from grader.course.model import Chapter, read_chapter

COURSE_ID = "autograd-course"

#: Python warnings on stderr are harmless; nbgrader would otherwise zero a test cell that warns.
HARMLESS_STDERR = r"\w*Warning: |Matplotlib is building the font cache"


def nbgrader_config(course_root: Path, *, cell_timeout: int = 30, db_url: str | None = None) -> Config:
    """A traitlets ``Config`` for an nbgrader course directory at ``course_root``.

    - ``Execute.timeout``: seconds a single cell may run; a cell that runs longer is interrupted,
      marked as an error, and the notebook goes on (``interrupt_on_timeout``).
    - ``IgnorePattern``: drops harmless warnings from stderr.
    - ``OverwriteCells.add_missing_cells``: a deleted test cell comes back and is graded.
    - ``Execute.skip_cells_with_tag`` is a fresh secret, so a student who tags a test cell
      ``skip-execution`` does not get it skipped (nbclient would skip it and nbgrader would give
      full marks for a cell with no output).
    - ``Exchange.root`` exists, inside the course directory.
    """
    course_root = Path(course_root).resolve()
    exchange = course_root / "exchange"
    exchange.mkdir(parents=True, exist_ok=True)
    c = Config()
    c.CourseDirectory.root = str(course_root)
    c.CourseDirectory.course_id = COURSE_ID
    c.CourseDirectory.db_url = db_url or f"sqlite:///{course_root / 'gradebook.db'}"
    c.Exchange.root = str(exchange)
    c.Exchange.course_id = COURSE_ID
    c.Execute.timeout = cell_timeout
    c.Execute.interrupt_on_timeout = True
    c.Execute.skip_cells_with_tag = "never-skip-" + secrets.token_hex(16)
    c.IgnorePattern.enabled = True
    c.IgnorePattern.pattern = HARMLESS_STDERR
    c.OverwriteCells.add_missing_cells = True
    return c


def ensure_tools_on_path() -> None:
    """nbgrader runs ``alembic`` by name: put this interpreter's ``bin/`` first on ``PATH``."""
    bin_dir = str(Path(sys.executable).parent)
    if os.environ.get("PATH", "").split(os.pathsep)[0] != bin_dir:
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")


class NbgraderError(RuntimeError):
    """An nbgrader step failed; the message carries nbgrader's log."""


class NbgraderCourse:
    """One nbgrader course directory at ``root`` with this project's configuration."""

    def __init__(self, root: Path, *, cell_timeout: int = 30, db_url: str | None = None):
        self.root = Path(root).resolve()
        self.root.mkdir(parents=True, exist_ok=True)
        self.config = nbgrader_config(self.root, cell_timeout=cell_timeout, db_url=db_url)
        self._api = None
        ensure_tools_on_path()

    @property
    def api(self):
        """nbgrader's Python API for this course directory (created on first use)."""
        if self._api is None:
            from nbgrader.apps import NbGraderAPI

            self._api = NbGraderAPI(config=self.config)
        return self._api

    def source_dir(self, assignment_id: str) -> Path:
        return self.root / "source" / assignment_id

    def release_dir(self, assignment_id: str) -> Path:
        return self.root / "release" / assignment_id

    def submitted_dir(self, student_id: str, assignment_id: str) -> Path:
        return self.root / "submitted" / student_id / assignment_id

    def add_source(self, chapter: Chapter, source: nbformat.NotebookNode | None = None) -> Path:
        """Write the chapter's nbgrader source notebook (``source``, if already read) and its
        other files."""
        folder = self.source_dir(chapter.chapter_id)
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        nbformat.write(source or read_chapter(chapter), folder / chapter.notebook_name)
        for extra in chapter.extra_files:
            shutil.copy2(extra, folder / extra.name)
        return folder

    def generate_assignment(self, assignment_id: str) -> None:
        """Run nbgrader's ``generate_assignment``: the release and the gradebook entries."""
        self._check(self.api.generate_assignment(assignment_id), "generate_assignment", assignment_id)

    @staticmethod
    def _check(result: dict, step: str, what: str) -> dict:
        if not result.get("success"):
            detail = (result.get("error") or "") + "\n" + (result.get("log") or "")
            raise NbgraderError(f"nbgrader {step} failed for {what}:\n{detail.strip()}")
        return result
