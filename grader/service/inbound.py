"""Collect a submission from the exchange's ``inbound/`` folder as the student really sent it.

nbgrader's ``submit`` (run by the student, as the student) makes
``inbound/<student>+<assignment>+<timestamp>+<random>/`` and copies the notebooks in, then
``timestamp.txt`` (the student's clock) and ``submission_secret.txt``. Anyone may create folders in
``inbound/``, so a folder's name proves nothing. Here a folder counts only when:

- its **owner is the user its name claims** (anything else is kept aside, untouched, and shown to
  the instructor: a folder in a classmate's name is the classmate's only if the classmate made it);
- it is a real folder and **nothing is read through a link**: every entry is opened relative to
  its folder with ``O_NOFOLLOW`` and checked on the open file (``fstat``), so a link swapped in
  between a look and a read is not followed either;
- only **regular files owned by the submitter** are taken (a link, a pipe, a device, a file of
  someone else's, hard-linked in, is left out with a note), within size and count limits;
- ``submission_secret.txt`` is never taken: the feedback's secret is the service's own;
- its **time is the exchange's**: the latest change time (``st_ctime``) of the folder and of what
  was taken, which the kernel sets and nobody can move back (a student can only make it later);
  nbgrader's stamp in ``timestamp.txt`` is kept beside it, as the student's clock;
- it has **settled**: nothing in it changed for ``settle_seconds`` (a submit in progress is left
  for the next look), and nothing changed while it was copied.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grader.files import Copied, CopyLimits, copy_regular_files, tree_fingerprint

#: nbgrader's inbound folder names: <student>+<assignment>+<timestamp>[+<random>].
INBOUND_NAME = re.compile(r"^(?P<student>[^+/]+)\+(?P<assignment>[^+/]+)\+(?P<stamp>[^+/]+)(?:\+(?P<random>[^+/]*))?$")
#: What nbgrader writes beside the notebooks: the secret is never taken, the stamp is kept.
SECRET, STAMP = "submission_secret.txt", "timestamp.txt"
MAX_FILES = 200
MAX_FILE_BYTES = 50 * 2**20
MAX_TOTAL_BYTES = 100 * 2**20
MAX_DEPTH = 6
LIMITS = CopyLimits(MAX_FILE_BYTES, MAX_DEPTH, MAX_FILES, MAX_TOTAL_BYTES)


class NotReady(Exception):
    """The folder is still being written (or changed while it was read): look again later."""


@dataclass(frozen=True)
class InboundName:
    student: str
    assignment: str
    stamp: str  # nbgrader's timestamp, as in the name: the student's clock

    @classmethod
    def parse(cls, name: str) -> InboundName | None:
        match = INBOUND_NAME.fullmatch(name)
        return cls(match["student"], match["assignment"], match["stamp"]) if match else None


def owner_name(uid: int) -> str | None:
    """The login name of ``uid`` (None when the system has none)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return None


def check_owner(folder_stat: os.stat_result, claimed: str,
                names: Callable[[int], str | None] = owner_name) -> str | None:
    """Why a folder claiming to be ``claimed``'s is not theirs (None when it is)."""
    owner = names(folder_stat.st_uid)
    if owner != claimed:
        return f"owned by {owner or f'uid {folder_stat.st_uid}'}, not by {claimed}, whose name it carries"
    return None


class FolderRefused(OSError):
    """A folder the watcher will not walk (too deep, too many entries): set aside with the reason."""


#: What the watcher walks of one inbound folder at most (a submit makes a handful of entries).
SCAN_DEPTH = 32
SCAN_ENTRIES = 10_000


def settled_at(folder: Path) -> int:
    """The latest change time (ns) of the folder and of every entry in it, without following a link
    (links and folders of others count too: anything changing means the submit is not over).

    Walked without recursion, within ``SCAN_DEPTH`` levels and ``SCAN_ENTRIES`` entries: a folder
    past either raises ``FolderRefused`` (no folder can stop the watcher)."""
    latest = os.lstat(folder).st_ctime_ns
    pending, entries = [(str(folder), 0)], 0
    while pending:
        path, depth = pending.pop()
        try:
            with os.scandir(path) as listing:
                for entry in listing:
                    entries += 1
                    if entries > SCAN_ENTRIES:
                        raise FolderRefused(f"more than {SCAN_ENTRIES} entries: a submission has a few files")
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except FileNotFoundError:
                        continue
                    latest = max(latest, info.st_ctime_ns)
                    if stat.S_ISDIR(info.st_mode):
                        if depth + 1 >= SCAN_DEPTH:
                            raise FolderRefused(f"folders nested deeper than {SCAN_DEPTH} levels: a submission "
                                                "has no such depth")
                        pending.append((entry.path, depth + 1))
        except (FileNotFoundError, NotADirectoryError):
            continue
    return latest


def collect(folder: Path, uid: int, target: Path, settle_seconds: float = 2.0,
            names: Callable[[int], str | None] = owner_name) -> Copied:
    """Copy ``folder``'s regular files owned by ``uid`` into ``target`` (a new folder).

    Raises ``NotReady`` when the folder changed within ``settle_seconds`` or while it was copied
    (``target`` is then removed), and ``PermissionError``/``OSError`` when it cannot be read.
    """
    before = settled_at(folder)
    if time.time_ns() - before < settle_seconds * 1e9:
        raise NotReady(f"{folder.name} changed less than {settle_seconds:g} s ago")
    target = Path(target)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    try:
        collected = copy_regular_files(folder, target, LIMITS, owner_uid=uid, owner_name=names,
                                       leave_out=frozenset({SECRET}))  # the service's own secret names the feedback
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    if settled_at(folder) != before:
        shutil.rmtree(target, ignore_errors=True)
        raise NotReady(f"{folder.name} changed while it was collected")
    return collected


def content_fingerprint(folder: Path) -> str:
    """What a submission is, for "an identical resubmission is not a new one": the names and bytes
    of what was taken, without nbgrader's stamp."""
    return tree_fingerprint(folder, leave_out=frozenset({STAMP}))
