"""A zip of submissions, checked and extracted under ``OUT/input``, every member accounted for.

Before anything is written, the archive's central directory is checked against ``ZipLimits``:
the number of members and their total declared size (over either, the whole zip is refused),
and per member its declared size and its compression ratio (such a member is left out and
reported). Reading a member never yields more than its declared size (``zipfile`` stops there
and checks the CRC), so the declared sizes bound what reaches the disk.

Members are placed one by one (``place_members``), after dropping one top-level folder that
holds everything (what a file manager's "compress" makes):

- ``<student>/<assignment>/<file>``: nbgrader's submitted layout;
- a file named in nbgrader's ``zip_collect`` convention (``upload_names.zip_collect_place``),
  anywhere in the archive; of several attempts of the same file, the latest is graded and the
  others are listed;
- anything else is listed with the reason it was not placed. Operating-system litter
  (``__MACOSX/``, ``.DS_Store``, ``Thumbs.db``, ``desktop.ini``) is listed as ignored.

Nothing is ever placed under a student other than the one its path or name states, and no
placed file replaces another: a second file for the same place is listed, not written.
"""

from __future__ import annotations

import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from grader.intake.upload_names import (
    Placed,
    SubmittedFile,
    normal,
    student_id_problem,
    zip_collect_place,
)

LITTER = {".ds_store", "thumbs.db", "desktop.ini"}


class ZipRefused(SystemExit):
    """The zip as a whole is over a limit: nothing was extracted (the message says which)."""

    def __init__(self, message: str):
        super().__init__(message)


@dataclass(frozen=True)
class ZipLimits:
    """What a zip of submissions may hold before it is extracted."""

    total_bytes: int = 2 * 2**30  # all members, as declared
    member_bytes: int = 50 * 2**20  # one member (the same bound as a submitted file)
    members: int = 50_000
    ratio: float = 200.0  # uncompressed / compressed, for members over ``ratio_floor`` bytes
    ratio_floor: int = 2**20


def check_archive(zf: zipfile.ZipFile, limits: ZipLimits) -> None:
    """Refuse the whole archive when its member count or its total declared size is over the limits."""
    infos = zf.infolist()
    if len(infos) > limits.members:
        raise ZipRefused(f"{zf.filename}: {len(infos)} members, more than the limit of {limits.members}; "
                         "nothing was extracted")
    total = sum(i.file_size for i in infos)
    if total > limits.total_bytes:
        raise ZipRefused(f"{zf.filename}: its members declare {_mb(total)} uncompressed, more than the limit "
                         f"of {_mb(limits.total_bytes)} (--zip-limit-mb); nothing was extracted")


def member_problem(info: zipfile.ZipInfo, limits: ZipLimits) -> str | None:
    """Why one member must not be extracted (too large, compressed suspiciously well), or None."""
    if info.file_size > limits.member_bytes:
        return f"declares {_mb(info.file_size)} uncompressed, more than {_mb(limits.member_bytes)} per file"
    if info.file_size > limits.ratio_floor and info.file_size > limits.ratio * max(info.compress_size, 1):
        ratio = info.file_size / max(info.compress_size, 1)
        return f"compresses {ratio:.0f}:1, more than the {limits.ratio:.0f}:1 a notebook reaches (a zip bomb?)"
    return None


def extract(archive, target, notebooks: dict[str, set[str]], only: list[str] | None = None,
            limits: ZipLimits | None = None) -> list[SubmittedFile]:
    """Check ``archive`` and extract what can be placed into ``target`` (emptied first) in the
    submitted layout; return a record for every member."""
    limits = limits or ZipLimits()
    target = _fresh(target)
    with zipfile.ZipFile(archive) as zf:
        check_archive(zf, limits)
        infos = {normal(i.filename.replace("\\", "/")): i for i in zf.infolist() if not i.is_dir()}
        records = place_members(sorted(infos), notebooks, only)
        written = []
        for record in records:
            if not record.placed:
                written.append(record)
                continue
            info = infos[record.path]
            problem = member_problem(info, limits)
            if problem:
                written.append(SubmittedFile(record.path, record.student_id, record.assignment_id, "",
                                             f"not extracted: it {problem}"))
                continue
            dest = target / record.placed_as
            dest.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, open(dest, "wb") as out:
                _copy_bounded(src, out, info.file_size)
            written.append(record)
    _write_platform_times(written, target, notebooks)
    return written


#: In an extracted zip: the platform's attempt time of each (student, assignment), from the names.
PLATFORM_TIMES = "_received.csv"


def _write_platform_times(records: list[SubmittedFile], target: Path, notebooks: dict[str, set[str]]) -> None:
    """The learning platform's attempt time (a zip_collect name's) of each placed submission, for
    ``received``: the platform's clock, not the student's."""
    from grader.intake import received

    times: dict[tuple[str, str], str] = {}
    for record in records:
        if not record.placed:
            continue
        placed = zip_collect_place(PurePosixPath(record.path).name, notebooks)
        at = received.platform_time(placed.timestamp) if isinstance(placed, Placed) else None
        key = (record.student_id, record.assignment_id)
        if at and at > times.get(key, ""):
            times[key] = at
    if times:
        received.write_received_times(
            [{"student_id": s, "assignment_id": a, "received_at": at, "received_by": received.PLATFORM}
             for (s, a), at in sorted(times.items())], Path(target) / PLATFORM_TIMES)


def place_members(names: list[str], notebooks: dict[str, set[str]],
                  only: list[str] | None = None) -> list[SubmittedFile]:
    """Where each member (by name, ``/``-separated) goes, or why it goes nowhere (module doc)."""
    records: dict[str, SubmittedFile] = {}
    candidates: list[tuple[str, PurePosixPath]] = []
    for name in names:
        path = PurePosixPath(name)
        if any(p.lower() == "__macosx" for p in path.parts) or path.name.lower() in LITTER:
            records[name] = SubmittedFile(name, note="operating-system litter, ignored")
        elif path.is_absolute() or ".." in path.parts or not path.parts or ":" in path.parts[0]:
            records[name] = SubmittedFile(name, note="an unsafe path (absolute, or with ..), not extracted")
        else:
            candidates.append((name, path))
    strip = _common_top(candidates, notebooks)
    chosen: dict[str, tuple[str, str]] = {}  # placed_as -> (timestamp, member)
    for name, path in candidates:
        record, stamp = _place(name, path.parts[strip:], notebooks, only)
        records[name] = record
        if not record.placed:
            continue
        earlier = chosen.get(record.placed_as)
        if earlier is None or stamp > earlier[0]:
            if earlier is not None:
                records[earlier[1]] = _superseded(records[earlier[1]], name)
            chosen[record.placed_as] = (stamp, name)
        else:
            records[name] = _superseded(record, earlier[1])
    return [records[name] for name in names]


def _place(name: str, parts: tuple[str, ...], notebooks: dict[str, set[str]],
           only: list[str] | None) -> tuple[SubmittedFile, str]:
    """One member's record, and its attempt's timestamp (empty in the submitted layout)."""
    if len(parts) >= 4 and parts[1] not in notebooks and parts[2] in notebooks:
        parts = parts[1:]  # <folder>/<student>/<chapter>/... beside other files at the top
    if len(parts) >= 3 and parts[1] in notebooks:
        student, chapter = parts[0], parts[1]
        problem = student_id_problem(student)
        if problem:
            return SubmittedFile(name, "", chapter, "", f"not placed: {problem}"), ""
        if only and chapter not in only:
            return SubmittedFile(name, student, chapter, "", "not graded in this run (--assignment)"), ""
        return SubmittedFile(name, student, chapter, "/".join(parts)), ""
    placed = zip_collect_place(parts[-1], notebooks)
    if isinstance(placed, Placed):
        if only and placed.chapter_id not in only:
            return SubmittedFile(name, placed.student_id, placed.chapter_id, "",
                                 "not graded in this run (--assignment)"), ""
        return SubmittedFile(name, placed.student_id, placed.chapter_id,
                             f"{placed.student_id}/{placed.chapter_id}/{placed.file_name}"), placed.timestamp
    if len(parts) >= 3:
        return SubmittedFile(name, "", "", "", f"not placed: {parts[1]!r} is not a chapter of this course"), ""
    return SubmittedFile(name, "", "", "", f"not placed: expected <student>/<chapter>/<file> or a zip_collect "
                                           f"name; as a zip_collect name, {placed}"), ""


def _superseded(record: SubmittedFile, winner: str) -> SubmittedFile:
    return SubmittedFile(record.path, record.student_id, record.assignment_id, "",
                         f"not graded: an earlier attempt; {winner} is the latest and was graded")


def _common_top(candidates, notebooks) -> int:
    """1 when every member sits in one top-level folder that is not itself a student's folder
    (``alice/07_linear_function/...``), else 0."""
    tops = {path.parts[0] for _, path in candidates if len(path.parts) > 1}
    if len(tops) != 1 or any(len(path.parts) == 1 for _, path in candidates):
        return 0
    return 0 if any(len(p.parts) >= 3 and p.parts[1] in notebooks for _, p in candidates) else 1


def _copy_bounded(src, out, limit: int) -> None:
    written = 0
    for block in iter(lambda: src.read(1 << 20), b""):
        written += len(block)
        if written > limit:  # never: zipfile stops at the declared size
            raise zipfile.BadZipFile("a member is longer than it declares")
        out.write(block)


def _fresh(target) -> Path:
    target = Path(target)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    return target


def _mb(n: int) -> str:
    return f"{n / 2**20:.0f} MB" if n < 2**30 else f"{n / 2**30:.1f} GB"
