"""When a submission was received, as the grader can vouch for it, with nbgrader's stamp beside it.

nbgrader's ``submit`` writes ``timestamp.txt`` with the student's own clock and names the inbound
folder with it, so that stamp is the student's word, and a grade must not depend on it. A
submission's time is the time a receiving party recorded (the project's contract 4):

- **the exchange**: the hosted grading service (``grader.service``) records when the exchange
  received each submission (the latest change time of the inbound folder's entries, which a
  student can move later but never earlier) and grades with it;
- **the learning platform**: a zip in nbgrader's ``zip_collect`` names carries the platform's
  attempt time in every file name (``..._attempt_2026-11-28-09-15-00_...``);
- **the instructor**: ``--received-times FILE``, a CSV with ``student_id``, ``assignment_id``,
  ``received_at`` (the service writes one, ``received.csv``; a platform's export is another).

A run of ``python -m grader autograde`` on a plain folder (for example what ``nbgrader collect``
made) has none of these: the files' own times there are when they were copied, and "first seen by
this run" proves only that a submission was in by then, never that it was late. So such a
submission has no received time: nbgrader's stamp is shown as the student's clock, and no late
penalty is applied (said in ``status.csv`` and the feedback when the assignment has a due date).

With a received time, nbgrader's own rules decide lateness: the assignment's ``duedate`` and the
student's ``extension`` in the class gradebook, and the configured ``AssignLatePenalties`` plugin
(nbgrader's ``LateSubmissionPlugin`` by default: no penalty, or zero with ``penalty_method =
'zero'``), applied by nbgrader's ``AssignLatePenalties`` step to the received time. When
nbgrader's stamp and the received time differ by more than ``CLOCK_TOLERANCE``, the result says
so (a student's clock that is off, or a stamp that was edited).
"""

from __future__ import annotations

import csv
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from grader.files import replaced

#: nbgrader's timestamp format (``nbgrader.exchange.Exchange.timestamp_format`` in UTC).
NBGRADER_FORMAT = "%Y-%m-%d %H:%M:%S.%f %Z"
#: A stamp this far from the received time is pointed out (a submit takes a second or two).
CLOCK_TOLERANCE_SECONDS = 120.0
#: The most of ``timestamp.txt`` read (nbgrader writes about 30 bytes).
STAMP_BYTES = 200

EXCHANGE, PLATFORM, INSTRUCTOR = "the exchange", "the learning platform", "the instructor's list"


@dataclass(frozen=True)
class Received:
    """A submission's received time (ISO 8601, UTC) and who vouches for it; None when nobody does."""

    at: str | None = None
    by: str | None = None


def parse_time(text: str) -> datetime:
    """A time as nbgrader or ISO 8601 writes it, as an aware UTC datetime."""
    from nbgrader.utils import parse_utc

    value = parse_utc(text.strip())
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def iso(value: datetime | float) -> str:
    """A time (a datetime or a POSIX timestamp) as ISO 8601 in UTC, to the microsecond."""
    if not isinstance(value, datetime):
        value = datetime.fromtimestamp(value, UTC)
    return value.astimezone(UTC).isoformat(timespec="microseconds")


def nbgrader_stamp(at: str) -> str:
    """An ISO time written the way nbgrader writes ``timestamp.txt``."""
    return parse_time(at).strftime(NBGRADER_FORMAT)


def student_stamp(folder: Path | None) -> str | None:
    """nbgrader's stamp in a submitted folder (``timestamp.txt``, the student's clock), as ISO,
    or the raw text when it is not a time; None when there is none. Never follows a link."""
    if folder is None:
        return None
    try:
        fd = os.open(Path(folder) / "timestamp.txt", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        text = os.read(fd, STAMP_BYTES).decode("utf-8", "replace").strip()
    finally:
        os.close(fd)
    if not text:
        return None
    try:
        return iso(parse_time(text))
    except (ValueError, OverflowError, TypeError):
        return text[:60]


def clock_difference(received_at: str | None, stamp: str | None) -> float | None:
    """Seconds by which nbgrader's stamp is after the received time (negative: before); None when
    either is missing or the stamp is not a time."""
    if not received_at or not stamp:
        return None
    try:
        return (parse_time(stamp) - parse_time(received_at)).total_seconds()
    except (ValueError, OverflowError, TypeError):
        return None


def clock_note(received_at: str | None, stamp: str | None, duedate: str | None = None) -> str | None:
    """What to tell the student and the instructor about nbgrader's stamp, when it is worth it: a
    stamp far from the received time, or (with a due date) a stamp that is all there is."""
    if stamp and not received_at and duedate:
        return (f"received time unknown, so no late penalty was applied; nbgrader's stamp (your "
                f"computer's clock, not verified) says {display(stamp)}")
    difference = clock_difference(received_at, stamp)
    if stamp and difference is None:
        return f"nbgrader's stamp {stamp!r} is not a time; the received time {display(received_at)} is used"
    if difference is not None and abs(difference) > CLOCK_TOLERANCE_SECONDS:
        side = "after" if difference > 0 else "before"
        return (f"nbgrader's stamp (your computer's clock) says {display(stamp)}, {_span(abs(difference))} "
                f"{side} the time it was received, {display(received_at)}; the received time counts")
    return None


def display(at: str | None) -> str:
    """A time for people: ``2026-11-30 10:15:03 UTC``."""
    if not at:
        return "unknown"
    try:
        return parse_time(at).strftime("%Y-%m-%d %H:%M:%S UTC")
    except (ValueError, OverflowError, TypeError):
        return at


def _span(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.0f} days"


def late_note(late_seconds: float, penalty: float) -> str | None:
    """The lateness line of a result, by nbgrader's rules."""
    if late_seconds <= 0:
        return None
    return (f"received {_span(late_seconds)} after the due date; nbgrader's late penalty: "
            f"{penalty:g} point(s)")


def platform_time(stamp: str) -> str | None:
    """The attempt time of a ``zip_collect`` name (``2026-11-28-09-15-00``, the platform's clock,
    taken as UTC), as ISO; None when it is not one."""
    try:
        return iso(datetime.strptime(stamp, "%Y-%m-%d-%H-%M-%S").replace(tzinfo=UTC))
    except ValueError:
        return None


def read_received_times(path: Path) -> dict[tuple[str, str], Received]:
    """``--received-times FILE``: (student, assignment) -> received time, from a CSV with the
    columns ``student_id``, ``assignment_id``, ``received_at`` (and optionally ``received_by``)."""
    table: dict[tuple[str, str], Received] = {}
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        missing = {"student_id", "assignment_id", "received_at"} - set(reader.fieldnames or [])
        if missing:
            raise SystemExit(f"{path}: the received times need the column(s) {', '.join(sorted(missing))}")
        for line, row in enumerate(reader, start=2):
            try:
                at = iso(parse_time(row["received_at"]))
            except (ValueError, OverflowError, TypeError):
                raise SystemExit(f"{path}, line {line}: {row['received_at']!r} is not a time") from None
            table[(row["student_id"], row["assignment_id"])] = Received(at, row.get("received_by") or INSTRUCTOR)
    return table


def write_received_times(rows: list[dict], path: Path) -> None:
    """A CSV ``read_received_times`` reads (with nbgrader's stamp beside each time)."""
    fields = ["student_id", "assignment_id", "received_at", "received_by", "nbgrader_stamp"]
    from grader import csv_safe

    with replaced(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.dict_writer(handle, fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
