"""Files the grader writes and folders it reads, done one way everywhere.

- ``replaced(path)``: a file written beside its target under a name no other process uses and
  moved into place at once (``os.replace``), so a reader sees the old file or the new one, never a
  half-written one, and two writers never share a temporary file; ``write_atomic`` for a whole text
  or bytes at once.
- ``tree_fingerprint(folder)``: a hash of a folder's files, their relative names and bytes (links,
  ``__pycache__`` and modification times do not count), for caches and "the same submission".
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def replaced(path: str | os.PathLike, mode: str = "w", **open_kwargs) -> Iterator[IO]:
    """Open a new file that replaces ``path`` when the block ends without an error (see the
    module doc); on an error the old file stays and the new one is removed."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with open(fd, mode, **open_kwargs) as handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike, data: str | bytes, *, permissions: int | None = None) -> None:
    """``data`` as the whole content of ``path``, replaced at once (``replaced``); text as UTF-8.
    ``permissions`` sets the file's mode (a temporary file is private to its owner)."""
    binary = isinstance(data, bytes)
    with replaced(path, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as handle:
        handle.write(data)
        if permissions is not None:
            os.chmod(handle.fileno(), permissions)


def tree_fingerprint(folder: str | os.PathLike, pattern: str = "*", leave_out: frozenset[str] = frozenset()) -> str:
    """A hash of the files under ``folder`` matching ``pattern`` (see the module doc); files whose
    path relative to ``folder`` is in ``leave_out`` do not count."""
    folder = Path(folder)
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob(pattern)
                       if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts):
        rel = str(path.relative_to(folder))
        if rel in leave_out:
            continue
        digest.update(rel.encode() + b"\0")
        with open(path, "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()
