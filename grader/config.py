"""The nbgrader configuration every course directory of this project uses."""

from __future__ import annotations

import secrets
from pathlib import Path

from traitlets.config import Config

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
