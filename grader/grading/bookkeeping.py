"""nbgrader's per-job bookkeeping, made once per worker process.

Each job is its own nbgrader course (its own gradebook, its own converters), so that nbgrader stays
the engine of record: its cells, checksums, gradebook and feedback. What nbgrader rebuilds for
every job and does not depend on the job is kept here, once per worker:

- ``FeedbackExporter``: nbconvert's HTML exporter of nbgrader's feedback with a jinja bytecode
  cache shared by the worker (jinja's own mechanism): the templates are read and compiled once
  (they cost a job about 0.5 s of CPU), and each job still renders with an exporter of its own.

What stays per job, and why: the gradebook is the job's own SQLite file, so SQLAlchemy compiles
its statements again for each (its compiled cache belongs to an engine and its dialect: about
0.2 s); nbgrader's converters are made from the job's configuration (course folder, seed, hidden
tests), which is cheap next to what they do.
"""

from __future__ import annotations

import threading

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
