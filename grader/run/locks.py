"""One run at a time writes an OUT folder and a SQLite class gradebook: ``exclusive`` holds a lock
file while the block runs and refuses, with a message naming the holder, when another process holds
it (the grading service holds its OUT and its gradebook this way for as long as it runs)."""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def exclusive(lock_file: Path, holder: str, what: str):
    """Hold ``lock_file`` while the block runs; when another process holds it, refuse with a
    message naming that process and ``what`` it guards. The grading service holds its OUT and its
    gradebook this way for as long as it runs."""
    lock_file = Path(lock_file)
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    handle = open(lock_file, "a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            other = handle.read().strip() or "another grading run"
            raise SystemExit(f"{what} is in use by {other}, which writes there alone (the grading service "
                             "holds its own while it runs): stop it, or grade into another --out or "
                             "--db-url") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{holder} (pid {os.getpid()})\n")
        handle.flush()
        yield
    finally:
        handle.close()  # closing drops the lock


def out_lock(out: Path) -> Path:
    """The lock file of an OUT folder."""
    return Path(out) / ".grader.lock"


def gradebook_lock_file(db: Path) -> Path:
    """The lock file of a SQLite class gradebook (beside it)."""
    return Path(db).with_name(Path(db).name + ".grader-lock")
