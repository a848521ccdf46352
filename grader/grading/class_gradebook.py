"""The class gradebook: nbgrader's, in SQLite (``OUT/gradebook.db``) or a server database.

Only the coordinator (the ``autograde`` process) writes it; workers grade into gradebooks of their
own. Results are merged in batches: one session and one transaction per batch, so the coordinator
keeps up with hundreds of worker cores. Merging is idempotent (a result merged twice leaves the
same rows), so a run killed between a result and its merge heals on the next run, which merges
every current result again.
"""

from __future__ import annotations

import json
import shutil
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from nbgrader.api import Gradebook
from nbgrader.plugins.export import CsvExportPlugin

from grader.course.nbgrader_setup import COURSE_ID, NbgraderCourse
from grader.grading.gradebook import merge_result
from grader.grading.jobs import JobResult
from grader.grading.template import Template


class ClassGradebook:
    """The class gradebook at ``db_url``."""

    def __init__(self, db_url: str):
        self.db_url = db_url

    @classmethod
    def open(cls, out: Path, template: Template, db_url: str | None = None) -> ClassGradebook:
        """The run's gradebook, with every assignment of ``template`` defined and current."""
        if db_url:
            return cls(_server(db_url, Path(out), template))
        return cls(_sqlite(Path(out), template))

    def merge(self, results: list[JobResult]) -> None:
        """Put ``results`` into the gradebook: one session, one transaction."""
        if not results:
            return
        with Gradebook(self.db_url, COURSE_ID) as gb, _one_transaction(gb):
            for result in results:
                merge_result(gb, result)

    def export_csv(self, path: Path) -> None:
        """nbgrader's grades CSV, through its own export plugin."""
        plugin = CsvExportPlugin()
        plugin.to = str(path)
        with Gradebook(self.db_url, COURSE_ID) as gb:
            plugin.export(gb)


@contextmanager
def _one_transaction(gb: Gradebook):
    """nbgrader's gradebook methods commit after each change: within this block they only flush,
    and the block commits once at its end (or rolls everything back)."""
    session = gb.db
    session.commit = session.flush
    try:
        yield
    except BaseException:
        del session.commit
        session.rollback()
        raise
    del session.commit
    session.commit()


def _sqlite(out: Path, template: Template) -> str:
    """``OUT/gradebook.db``: made from the template, remade (the old one kept in ``OUT/history``)
    when an assignment's source changed since it was made."""
    db = out / "gradebook.db"
    stamp = out / "gradebook.json"
    known = _read(stamp)
    changed = [a for a, f in template.fingerprints.items() if known.get(a) not in (None, f)]
    missing = [a for a in template.fingerprints if a not in known]
    if db.exists() and changed:
        keep = out / "history" / f"gradebook-{now_slug()}.db"
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(db, keep)
    url = f"sqlite:///{db}"
    if not db.exists():
        shutil.copy2(template.gradebook, db)
        known = {}
    elif missing:
        course = NbgraderCourse(template.root, db_url=url)
        for assignment_id in missing:
            course.generate_assignment(assignment_id)
    known.update(template.fingerprints)
    _write(stamp, known)
    return url


def _server(db_url: str, out: Path, template: Template) -> str:
    """A gradebook in a server database (``--db-url``, e.g. PostgreSQL): nbgrader makes its
    tables; an assignment it lacks is added, one whose source changed since this OUT last saw it is
    updated in place by nbgrader (grades already there are kept)."""
    db_url = with_driver(db_url)
    with Gradebook(db_url, COURSE_ID) as gb:
        known = {a.name for a in gb.assignments}
    stamp = out / "gradebook-server.json"
    seen = _read(stamp)
    course = NbgraderCourse(template.root, db_url=db_url)
    for assignment_id in sorted(template.fingerprints):
        if assignment_id not in known or seen.get(assignment_id) != template.fingerprints[assignment_id]:
            course.generate_assignment(assignment_id)
    from sqlalchemy.engine import make_url

    where = make_url(db_url).set(password=None).render_as_string(hide_password=False)
    _write(stamp, {**seen, **template.fingerprints, "db_url": where})
    return db_url


def with_driver(db_url: str) -> str:
    """``postgresql://`` with the driver that is installed (SQLAlchemy 2.1 defaults to psycopg 3;
    the ``cluster`` extra installs psycopg2-binary)."""
    import importlib.util

    if db_url.startswith("postgresql://") and importlib.util.find_spec("psycopg") is None \
            and importlib.util.find_spec("psycopg2") is not None:
        return "postgresql+psycopg2://" + db_url[len("postgresql://"):]
    return db_url


def now_slug() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def _write(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
    tmp.replace(path)
