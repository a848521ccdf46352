"""The grading service's record of every attempt, in SQLite (``STATE/service.db``).

An attempt is one submission as the exchange received it: its inbound folder's name, the
student, the chapter, the received time, what was collected, and what became of it. Nothing is
ever deleted: an attempt past the limit, held for review or unchanged stays, with its reason.

States (an attempt's ``state``), and what moves it on:

==============  ============================================================================
``queued``      waits for a grading worker, in order of arrival (received time, then id)
``grading``     a worker has it; ``tries`` counts the tries begun (a service that dies mid-try
                finds it here on restart and queues it again; after two tries it is held)
``graded``      its ``JobResult`` is in ``ATTEMPT/jobs/<student>/<assignment>/result.json``
``held``        not graded, for the instructor to look at: a copy of the source or of another
                student's notebook, or a try that failed twice (``reason`` says which);
                ``python -m grader.service release ID`` queues it
``over limit``  kept, not graded: every attempt of the window was used (``reason``: "received,
                not graded: 3 of 3 attempts used, next at ..."); a grant queues the latest
``unchanged``   the same files as the student's attempt before (``same_as``): not a new attempt
==============  ============================================================================

Folders of ``inbound/`` that are not a student's own submission are kept aside (table ``aside``),
untouched, with the reason. Every connection uses WAL, so the web pages read while the
watcher and the grader write.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path

from grader.i18n.editions import chapter_key

QUEUED, GRADING, GRADED, HELD, OVER_LIMIT, UNCHANGED = "queued", "grading", "graded", "held", "over limit", "unchanged"
STATES = (QUEUED, GRADING, GRADED, HELD, OVER_LIMIT, UNCHANGED)
#: Grading tries of one attempt before it is held for review.
MAX_TRIES = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    inbound TEXT NOT NULL,
    folder TEXT NOT NULL,
    student TEXT NOT NULL,
    assignment TEXT NOT NULL,
    stamp TEXT,
    received_at TEXT NOT NULL,
    seen_at TEXT NOT NULL,
    content TEXT NOT NULL,
    state TEXT NOT NULL,
    reason TEXT,
    notes TEXT NOT NULL DEFAULT '[]',
    slot TEXT,
    same_as INTEGER,
    tries INTEGER NOT NULL DEFAULT 0,
    secret TEXT NOT NULL,
    seed INTEGER,
    status TEXT,
    score REAL,
    max_score REAL,
    final_score REAL,
    exercises TEXT NOT NULL DEFAULT '[]',
    graded_at TEXT,
    seconds REAL,
    released TEXT NOT NULL DEFAULT '{}',
    UNIQUE (inbound, content)
);
CREATE INDEX IF NOT EXISTS attempts_by_student ON attempts (student, assignment, received_at);
CREATE TABLE IF NOT EXISTS notebooks (attempt INTEGER NOT NULL, name TEXT NOT NULL, digest TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS notebooks_by_digest ON notebooks (digest);
CREATE TABLE IF NOT EXISTS aside (
    inbound TEXT PRIMARY KEY, claimed TEXT, owner TEXT, reason TEXT NOT NULL, seen_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seen (inbound TEXT PRIMARY KEY, ctime_ns INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS grants (
    id INTEGER PRIMARY KEY, student TEXT NOT NULL, assignment TEXT NOT NULL, attempts INTEGER NOT NULL,
    extension_hours REAL, granted_at TEXT NOT NULL, note TEXT);
"""


@dataclass
class Attempt:
    """One row of ``attempts``."""

    id: int
    inbound: str
    folder: str  # under STATE/attempts: the collected files (submitted/) and the grading (jobs/)
    student: str
    assignment: str
    stamp: str | None
    received_at: str
    seen_at: str
    content: str
    state: str
    reason: str | None
    notes: list[str]
    slot: str | None
    same_as: int | None
    tries: int
    secret: str
    seed: int | None
    status: str | None
    score: float | None
    max_score: float | None
    final_score: float | None
    exercises: list[dict]
    graded_at: str | None
    seconds: float | None
    released: dict[str, str]

    @property
    def key(self) -> str:
        return f"{self.student}/{self.assignment}"

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Attempt:
        data = dict(row)
        for name in ("notes", "exercises", "released"):
            data[name] = json.loads(data[name] or ("{}" if name == "released" else "[]"))
        return cls(**data)


_COLUMNS = [f.name for f in fields(Attempt)]
_JSON = {"notes", "exercises", "released"}


@dataclass(frozen=True)
class Aside:
    inbound: str
    claimed: str | None
    owner: str | None
    reason: str
    seen_at: str


class Ledger:
    """The attempts' record at ``path``. Each call opens its own connection (thread-safe)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=30)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(SCHEMA)
        finally:
            db.close()
        os.chmod(self.path, 0o600)  # the secrets of the feedback pages are in it

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            db.execute("BEGIN IMMEDIATE")
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            db.close()

    # -- the inbound folders -------------------------------------------------------------------

    def seen(self) -> dict[str, int]:
        """The inbound folders looked at and done with, with their change time then."""
        with self._db() as db:
            return dict(db.execute("SELECT inbound, ctime_ns FROM seen").fetchall())

    def mark_seen(self, inbound: str, ctime_ns: int) -> None:
        with self._db() as db:
            db.execute("INSERT OR REPLACE INTO seen (inbound, ctime_ns) VALUES (?, ?)", (inbound, ctime_ns))

    def set_aside(self, inbound: str, claimed: str | None, owner: str | None, reason: str, seen_at: str) -> None:
        with self._db() as db:
            db.execute("INSERT OR REPLACE INTO aside VALUES (?, ?, ?, ?, ?)",
                       (inbound, claimed, owner, reason, seen_at))

    def aside(self) -> list[Aside]:
        with self._db() as db:
            return [Aside(*row) for row in db.execute("SELECT * FROM aside ORDER BY seen_at")]

    # -- attempts ------------------------------------------------------------------------------

    def add(self, **values) -> int:
        """A new attempt (``values`` by column name); returns its id. Adding an (inbound folder,
        content) pair already there returns the existing attempt's id."""
        for name in _JSON:
            if name in values:
                values[name] = json.dumps(values[name], sort_keys=True)
        notebooks = values.pop("notebook_digests", {})
        names = ", ".join(values)
        with self._db() as db:
            found = db.execute("SELECT id FROM attempts WHERE inbound = ? AND content = ?",
                               (values["inbound"], values["content"])).fetchone()
            if found:
                return found[0]
            cursor = db.execute(f"INSERT INTO attempts ({names}) VALUES ({', '.join('?' * len(values))})",
                                list(values.values()))
            attempt_id = cursor.lastrowid
            db.executemany("INSERT INTO notebooks VALUES (?, ?, ?)",
                           [(attempt_id, name, digest) for name, digest in sorted(notebooks.items())])
            return attempt_id

    def get(self, attempt_id: int) -> Attempt | None:
        with self._db() as db:
            row = db.execute("SELECT * FROM attempts WHERE id = ?", (attempt_id,)).fetchone()
        return Attempt.from_row(row) if row else None

    def attempts(self, student: str | None = None, assignment: str | None = None,
                 states: tuple[str, ...] | None = None) -> list[Attempt]:
        """Attempts in order of arrival, optionally of one student, one chapter, some states."""
        where, args = [], []
        for column, value in (("student", student), ("assignment", assignment)):
            if value is not None:
                where.append(f"{column} = ?")
                args.append(value)
        if states:
            where.append(f"state IN ({', '.join('?' * len(states))})")
            args.extend(states)
        sql = "SELECT * FROM attempts" + (f" WHERE {' AND '.join(where)}" if where else "")
        with self._db() as db:
            return [Attempt.from_row(r) for r in db.execute(sql + " ORDER BY received_at, id", args)]

    def queue(self) -> list[Attempt]:
        """The queued attempts, in order of arrival."""
        return self.attempts(states=(QUEUED,))

    def update(self, attempt_id: int, **values) -> None:
        for name in _JSON:
            if name in values:
                values[name] = json.dumps(values[name], sort_keys=True)
        unknown = set(values) - set(_COLUMNS)
        if unknown:
            raise KeyError(f"no column {', '.join(sorted(unknown))}")
        with self._db() as db:
            db.execute(f"UPDATE attempts SET {', '.join(f'{k} = ?' for k in values)} WHERE id = ?",
                       [*values.values(), attempt_id])

    def claim_next(self) -> Attempt | None:
        """The first queued attempt in order of arrival, now ``grading`` with one more try (taken
        in one transaction: two graders never take the same attempt); None when none is queued."""
        with self._db() as db:
            row = db.execute("SELECT * FROM attempts WHERE state = ? ORDER BY received_at, id LIMIT 1",
                             (QUEUED,)).fetchone()
            if row is None:
                return None
            db.execute("UPDATE attempts SET state = ?, tries = tries + 1 WHERE id = ?", (GRADING, row["id"]))
            attempt = Attempt.from_row(row)
        attempt.state, attempt.tries = GRADING, attempt.tries + 1
        return attempt

    def interrupted(self, attempt_ids: list[int]) -> None:
        """A clean stop while these were being graded: queued again, the try not counted."""
        with self._db() as db:
            db.executemany("UPDATE attempts SET state = ?, tries = MAX(0, tries - 1) WHERE id = ? AND state = ?",
                           [(QUEUED, i, GRADING) for i in attempt_ids])

    def recover(self) -> list[Attempt]:
        """At start: attempts a dead service left ``grading`` are queued again, or held once they
        have had ``MAX_TRIES`` tries. Returns those held."""
        held = []
        with self._db() as db:
            for row in db.execute("SELECT * FROM attempts WHERE state = ?", (GRADING,)).fetchall():
                attempt = Attempt.from_row(row)
                if attempt.tries >= MAX_TRIES:
                    reason = (f"held for review: grading stopped {attempt.tries} times on this attempt "
                              "(the grading service died while grading it)")
                    db.execute("UPDATE attempts SET state = ?, reason = ? WHERE id = ?", (HELD, reason, attempt.id))
                    held.append(attempt)
                else:
                    db.execute("UPDATE attempts SET state = ? WHERE id = ?", (QUEUED, attempt.id))
        return held

    # -- what copies are compared with -----------------------------------------------------------

    def digests_of_others(self, assignment: str, student: str) -> dict[str, tuple[int, str]]:
        """Notebook digest -> (attempt id, student) of other students' attempts of ``assignment``."""
        with self._db() as db:
            rows = db.execute("SELECT n.digest, a.id, a.student FROM notebooks n JOIN attempts a ON n.attempt = a.id"
                              " WHERE a.assignment = ? AND a.student != ? ORDER BY a.id", (assignment, student))
            found: dict[str, tuple[int, str]] = {}
            for digest, attempt_id, other in rows:
                found.setdefault(digest, (attempt_id, other))
            return found

    # -- grants --------------------------------------------------------------------------------

    def grant(self, student: str, assignment: str, attempts: int, extension_hours: float | None,
              granted_at: str, note: str | None = None) -> None:
        with self._db() as db:
            db.execute("INSERT INTO grants (student, assignment, attempts, extension_hours, granted_at, note)"
                       " VALUES (?, ?, ?, ?, ?, ?)", (student, assignment, attempts, extension_hours, granted_at, note))

    def granted(self, student: str, assignment: str) -> int:
        """Extra attempts granted to ``student`` for ``assignment``'s chapter, in all: a grant on
        either edition's id (``01_x`` or ``zh_01_x``) serves both, as attempts count once."""
        chapter = chapter_key(assignment)
        return sum(g["attempts"] for g in self.grants()
                   if g["student"] == student and chapter_key(g["assignment"]) == chapter)

    def attempts_of_chapter(self, student: str, assignment: str,
                            states: tuple[str, ...] | None = None) -> list[Attempt]:
        """``student``'s attempts of every edition of ``assignment``'s chapter, in order of arrival."""
        chapter = chapter_key(assignment)
        return [a for a in self.attempts(student, states=states) if chapter_key(a.assignment) == chapter]

    def grants(self) -> list[dict]:
        with self._db() as db:
            return [dict(r) for r in db.execute("SELECT * FROM grants ORDER BY id")]
