"""Remove a folder a kernel could have written into, whatever it left there.

``shutil.rmtree`` recurses once per level (a 3000-deep chain of folders raises ``RecursionError``),
builds paths that outgrow ``PATH_MAX``, and stops at a folder whose mode is 0. ``remove_tree``
walks with one open directory at a time, relative to its descriptor (no path grows, no recursion,
no link is ever followed: entries are examined without following and folders are opened with
``O_NOFOLLOW``), gives back the owner's rights on a folder before it enters it, and never raises:
it returns what it could not remove, for the caller to report.
"""

from __future__ import annotations

import os
import stat

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def remove_tree(root: str | os.PathLike) -> str | None:
    """Remove ``root`` and everything under it; None when it is gone, else what went wrong."""
    root = os.fspath(root)
    try:
        info = os.lstat(root)
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{root}: {error.strerror}"
    if not stat.S_ISDIR(info.st_mode):
        return _unlink(root, None)
    problems: list[str] = []
    try:
        _empty(root, problems)
        os.rmdir(root)
    except OSError as error:
        problems.append(f"{root}: {error.strerror}")
    return "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "") \
        if problems else None


def _empty(root: str, problems: list[str]) -> None:
    """Empty ``root`` depth first, holding one directory descriptor at a time."""
    _own(root, None)
    fd = os.open(root, _DIR_FLAGS)
    names: list[str] = []  # the path from root to where fd is, as names
    skipped: list[set[str]] = [set()]  # per level, the folders that could not be emptied
    try:
        while True:
            child = _clear_files(fd, skipped[-1], problems)
            if child is not None:
                _own(child, fd)
                try:
                    inner = os.open(child, _DIR_FLAGS, dir_fd=fd)
                except OSError as error:
                    skipped[-1].add(child)
                    problems.append(f"{child}: {error.strerror}")
                    continue
                os.close(fd)
                fd = inner
                names.append(child)
                skipped.append(set())
                continue
            if not names:
                return
            parent = os.open("..", _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = parent
            name = names.pop()
            skipped.pop()
            try:
                os.rmdir(name, dir_fd=fd)
            except OSError as error:
                skipped[-1].add(name)
                problems.append(f"{name}: {error.strerror}")
    finally:
        os.close(fd)


def _clear_files(fd: int, skipped: set[str], problems: list[str]) -> str | None:
    """Unlink every non-folder entry of ``fd``; return the first folder still to empty, if any."""
    folder = None
    with os.scandir(fd) as entries:
        for entry in entries:
            if entry.name in skipped:
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                folder = folder or entry.name
                continue
            problem = _unlink(entry.name, fd)
            if problem:
                skipped.add(entry.name)
                problems.append(problem)
    return folder


def _unlink(name: str, fd: int | None) -> str | None:
    try:
        os.unlink(name, dir_fd=fd)
        return None
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"{name}: {error.strerror}"


def _own(name: str, fd: int | None) -> None:
    """Give back read, write and search rights on a folder we own (a kernel may have taken them)."""
    try:
        info = os.stat(name, dir_fd=fd, follow_symlinks=False)
        if stat.S_ISDIR(info.st_mode) and (info.st_mode & 0o700) != 0o700 and \
                (info.st_uid == os.geteuid() or os.geteuid() == 0):
            os.chmod(name, stat.S_IMODE(info.st_mode) | 0o700, dir_fd=fd)
    except (OSError, NotImplementedError):
        pass
