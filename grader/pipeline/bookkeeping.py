"""nbgrader's per-job bookkeeping, made once per worker process.

Each job is its own nbgrader course (its own gradebook, its own converters), so that nbgrader stays
the engine of record: its cells, checksums, gradebook and feedback. What nbgrader rebuilds for
every job and does not depend on the job is kept here, once per worker:

- ``FeedbackExporter``: nbconvert's HTML exporter of nbgrader's feedback with a jinja bytecode
  cache shared by the worker (jinja's own mechanism): the templates are read and compiled once
  (they cost a job about 0.5 s of CPU), and each job still renders with an exporter of its own.

- ``quick_job_gradebooks``: a job's own gradebook is a scratch copy (the class gradebook is the
  record, and a job without a ``result.json`` is graded again), so its SQLite commits need not
  wait for the disk (``PRAGMA synchronous=OFF``: about 30 commits a job, each an fsync).

What stays per job, and why: the gradebook is the job's own SQLite file, so SQLAlchemy compiles
its statements again for each (its compiled cache belongs to an engine and its dialect: about
0.2 s); nbgrader's converters are made from the job's configuration (course folder, seed, hidden
tests) in a few milliseconds; what they do (sanitising, executing, saving grades, rendering) is
the job.
"""

from __future__ import annotations

import threading
from pathlib import PurePath

from jinja2 import BytecodeCache
from nbconvert.exporters import HTMLExporter


class _MemoryBytecodeCache(BytecodeCache):
    """Compiled templates, in memory, for every exporter of this process."""

    def __init__(self):
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket) -> None:
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket) -> None:
        with self._lock:
            self._code[bucket.key] = bucket.bytecode_to_string()


_BYTECODE = _MemoryBytecodeCache()


class FeedbackExporter(HTMLExporter):
    """nbconvert's ``HTMLExporter``, its templates compiled once per worker process."""

    def _create_environment(self):
        environment = super()._create_environment()
        environment.bytecode_cache = _BYTECODE
        return environment


_quick_lock = threading.Lock()
_quick_installed = False


def is_job_gradebook(database: str | None) -> bool:
    """``OUT/jobs/<student>/<assignment>/course/gradebook.db``: a job's own, never the class's."""
    parts = PurePath(database or "").parts
    return len(parts) >= 6 and parts[-1] == "gradebook.db" and parts[-2] == "course" and parts[-5] == "jobs"


def quick_job_gradebooks() -> None:
    """Commits to a job's own gradebook do not wait for the disk (see the module doc)."""
    global _quick_installed
    with _quick_lock:
        if _quick_installed:
            return
        _quick_installed = True
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    @event.listens_for(Engine, "connect")
    def _no_fsync(connection, record) -> None:
        try:
            database = connection.execute("PRAGMA database_list").fetchall()[0][2]
        except Exception:  # not SQLite
            return
        if is_job_gradebook(database):
            connection.execute("PRAGMA synchronous=OFF")
