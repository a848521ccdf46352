"""Files the grader writes and folders it reads, done one way everywhere.

- ``replaced(path)``: a file written beside its target under a name no other process uses and
  moved into place at once (``os.replace``), so a reader sees the old file or the new one, never a
  half-written one, and two writers never share a temporary file; ``write_atomic`` for a whole text
  or bytes at once.
- ``tree_fingerprint(folder)``: a hash of a folder's files, their relative names and bytes (links,
  ``__pycache__`` and modification times do not count), for caches and "the same submission".
- ``copy_regular_files(source, target, limits)``: the one way a submitted folder is copied, by the
  grader's intake and by the grading service, never following a link.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import shutil
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def replaced(path: str | os.PathLike, mode: str = "w", **open_kwargs) -> Iterator[IO]:
    """Open a new file that replaces ``path`` when the block ends without an error (see the
    module doc); on an error the old file stays and the new one is removed."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp")
    # a new file of its own (O_EXCL), with the mode the umask gives any new file (mkstemp's is 0600)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
    try:
        with open(fd, mode, **open_kwargs) as handle:
            yield handle
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomic(path: str | os.PathLike, data: str | bytes, *, permissions: int | None = None) -> None:
    """``data`` as the whole content of ``path``, replaced at once (``replaced``); text as UTF-8.
    ``permissions`` sets the file's mode (else the umask's, as for any new file)."""
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


@dataclass(frozen=True)
class CopyLimits:
    """How much of a submitted folder is taken: each file, the number of files, all of them
    together, and how deep folders may nest (None: no limit but the file's own)."""

    max_file_bytes: int
    max_depth: int
    max_files: int | None = None
    max_total_bytes: int | None = None


@dataclass
class Copied:
    """What ``copy_regular_files`` took from a folder."""

    files: list[str] = field(default_factory=list)  # relative paths, copied into the target
    notes: list[str] = field(default_factory=list)  # what was left out, and why
    newest_ns: int = 0  # the latest change time of the folder and of what was taken
    bytes: int = 0


def copy_regular_files(source: str | os.PathLike, target: str | os.PathLike, limits: CopyLimits, *,
                       owner_uid: int | None = None, owner_name: Callable[[int], str | None] = lambda uid: None,
                       leave_out: frozenset[str] = frozenset()) -> Copied:
    """Copy the regular files under ``source`` into the existing folder ``target``, the one way the
    grader copies what a student submitted: every entry is examined without following a link and
    opened relative to its folder's descriptor with ``O_NOFOLLOW`` (a link is never followed, and a
    file swapped while it is read is left out), folders nest at most ``limits.max_depth`` deep,
    pipes, sockets and devices are left out, and so is, with ``owner_uid``, whatever that user does
    not own (``source`` itself must be theirs: ``PermissionError``). ``leave_out`` names files at
    the top that are not taken, silently. Each file left out gets a note saying why."""
    copied = Copied()
    fd = os.open(source, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        top = os.fstat(fd)
        if owner_uid is not None and top.st_uid != owner_uid:
            raise PermissionError(f"{source} is not owned by uid {owner_uid}")
        copied.newest_ns = top.st_ctime_ns
        _copy_folder(fd, "", Path(target), copied, _Walk(limits, owner_uid, owner_name, leave_out), 0)
    finally:
        os.close(fd)
    return copied


@dataclass(frozen=True)
class _Walk:
    limits: CopyLimits
    owner_uid: int | None
    owner_name: Callable[[int], str | None]
    leave_out: frozenset[str]


def _copy_folder(dir_fd: int, rel: str, target: Path, copied: Copied, walk: _Walk, depth: int) -> None:
    for name in sorted(os.listdir(dir_fd)):
        path = f"{rel}{name}"
        try:
            info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
        except FileNotFoundError:
            continue
        if rel == "" and name in walk.leave_out:
            continue
        if stat.S_ISLNK(info.st_mode):
            copied.notes.append(f"{path}: a symbolic link, left out (the grader never follows one)")
        elif walk.owner_uid is not None and info.st_uid != walk.owner_uid:
            owner = walk.owner_name(info.st_uid) or f"uid {info.st_uid}"
            copied.notes.append(f"{path}: belongs to {owner}, not to the submitter, left out")
        elif stat.S_ISDIR(info.st_mode):
            if depth >= walk.limits.max_depth:
                copied.notes.append(f"{path}: folders nested deeper than {walk.limits.max_depth}, left out")
                continue
            sub = _open_entry(name, dir_fd, os.O_DIRECTORY)
            if sub is None:
                copied.notes.append(f"{path}: changed while it was read, left out")
                continue
            try:
                if not _same_file(os.fstat(sub), info):
                    copied.notes.append(f"{path}: changed while it was read, left out")
                    continue
                (target / path).mkdir(exist_ok=True)
                _copy_folder(sub, path + "/", target, copied, walk, depth + 1)
            finally:
                os.close(sub)
        elif stat.S_ISREG(info.st_mode):
            _copy_file(name, dir_fd, path, info, target, copied, walk.limits)
        else:
            copied.notes.append(f"{path}: not a regular file (a pipe, socket or device), left out")


def _copy_file(name: str, dir_fd: int, path: str, info: os.stat_result, target: Path, copied: Copied,
               limits: CopyLimits) -> None:
    if limits.max_files is not None and len(copied.files) >= limits.max_files:
        copied.notes.append(f"{path}: more than {limits.max_files} files, left out")
        return
    if info.st_size > limits.max_file_bytes:
        copied.notes.append(f"{path}: larger than {limits.max_file_bytes // 2**20} MB, left out")
        return
    if limits.max_total_bytes is not None and copied.bytes + info.st_size > limits.max_total_bytes:
        copied.notes.append(f"{path}: the files taken pass {limits.max_total_bytes // 2**20} MB together, left out")
        return
    fd = _open_entry(name, dir_fd, os.O_NONBLOCK)
    if fd is None:
        copied.notes.append(f"{path}: changed while it was read, left out")
        return
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or not _same_file(opened, info):
            copied.notes.append(f"{path}: changed while it was read, left out")
            return
        with os.fdopen(os.dup(fd), "rb") as source, open(target / path, "wb") as copy:
            shutil.copyfileobj(source, copy, 1 << 20)
        copied.files.append(path)
        copied.bytes += opened.st_size
        copied.newest_ns = max(copied.newest_ns, opened.st_ctime_ns)
    finally:
        os.close(fd)


def _open_entry(name: str, dir_fd: int, flags: int) -> int | None:
    try:
        return os.open(name, os.O_RDONLY | os.O_NOFOLLOW | flags, dir_fd=dir_fd)
    except OSError:
        return None


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    """The same file (device, inode, owner) as was looked at."""
    return (a.st_dev, a.st_ino, a.st_uid) == (b.st_dev, b.st_ino, b.st_uid)
