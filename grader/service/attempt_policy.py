"""Attempt limits and which attempt counts.

``admit`` decides, at the time an attempt was received, whether it gets a graded attempt: one of
the chapter's (``attempts`` in a rolling ``window_hours``, or in all), else one the instructor
granted (``python -m grader.service grant``), else none: it is kept and shown as "received, not
graded: 3 of 3 attempts used, next at ...". Attempts are counted by the exchange's received times,
never by the student's clock. ``counting`` picks the attempt the gradebook holds: the latest
graded one, or the best (by the score after nbgrader's late penalty; the later of equals).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from grader.intake.received import display, iso, parse_time
from grader.service.config import AttemptPolicy

REGULAR, GRANTED = "regular", "granted"


@dataclass(frozen=True)
class Admission:
    slot: str | None  # REGULAR, GRANTED, or None: over the limit
    message: str | None = None  # why not, for the student
    next_at: str | None = None  # when a regular attempt is free again (rolling window), ISO


def admit(policy: AttemptPolicy, received_at: str, regular: list[str], granted: int, granted_used: int) -> Admission:
    """Admission of an attempt received at ``received_at``, given the received times of the
    student's earlier attempts on a regular slot and the grants (in all, and used)."""
    if policy.attempts is None:
        return Admission(REGULAR)
    at = parse_time(received_at)
    if policy.window_hours is None:
        used = sorted(parse_time(t) for t in regular if parse_time(t) <= at)
        window = "in all"
    else:
        span = timedelta(hours=policy.window_hours)
        used = sorted(parse_time(t) for t in regular if at - span < parse_time(t) <= at)
        window = f"in {policy.window_hours:g} hours"
    if len(used) < policy.attempts:
        return Admission(REGULAR)
    if granted_used < granted:
        return Admission(GRANTED)
    message = f"received, not graded: {policy.attempts} of {policy.attempts} attempts used {window}"
    if policy.window_hours is None:
        return Admission(None, message + " (your instructor can grant more)")
    next_free = used[len(used) - policy.attempts] + timedelta(hours=policy.window_hours)
    return Admission(None, f"{message}, next at {display(iso(next_free))}", iso(next_free))


def counting(attempts: list, counts: str):
    """The graded attempt that counts, of ``attempts`` (``ledger.Attempt``s with a score, in order
    of arrival): the latest, or the best (the later of equals); None when none is graded."""
    graded = [a for a in attempts if a.final_score is not None]
    if not graded:
        return None
    if counts == "best":
        best = max(a.final_score for a in graded)
        return [a for a in graded if a.final_score >= best - 1e-9][-1]
    return graded[-1]


def used_slots(attempts: list) -> tuple[list[str], int]:
    """(received times of the attempts on a regular slot, number on a granted slot)."""
    regular = [a.received_at for a in attempts if a.slot == REGULAR]
    granted = sum(1 for a in attempts if a.slot == GRANTED)
    return regular, granted


def now_iso() -> str:
    return iso(datetime.now().astimezone())
