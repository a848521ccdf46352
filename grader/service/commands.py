"""The instructor's commands on a (running or stopped) service: grant, release, status.

They change the service's ledger (and, for an extension, the class gradebook); the running
service picks the change up on its next look at the queue:

- ``grant STUDENT CHAPTER --attempts N``: N more graded attempts for that student and chapter; the
  latest attempt kept past the limit, if there is one, is graded at once with the first of them;
- ``grant STUDENT CHAPTER --extension-hours H``: nbgrader's per-student extension of the due date
  (in the class gradebook, where nbgrader's late penalty reads it), and the student's graded
  attempts of that chapter regraded on the new terms, with their seeds;
- ``release ATTEMPT``: grade an attempt held for review anyway;
- ``status``: the queue, the held attempts, what was kept aside.
"""

from __future__ import annotations

from datetime import timedelta

from grader.intake.received import display
from grader.service import ledger as states
from grader.service.attempt_policy import GRANTED, now_iso
from grader.service.config import ServiceConfig
from grader.service.ledger import Ledger


def grant(config: ServiceConfig, student: str, assignment: str, attempts: int = 0,
          extension_hours: float | None = None, note: str | None = None, log=print) -> None:
    if attempts < 0 or (extension_hours is not None and extension_hours < 0):
        raise SystemExit("a grant gives more, never less: --attempts and --extension-hours are positive")
    if not attempts and not extension_hours:
        raise SystemExit("grant what? --attempts N (more graded attempts) or --extension-hours H (a later due date)")
    ledger = Ledger(config.ledger_path)
    ledger.grant(student, assignment, attempts, extension_hours, now_iso(), note)
    log(f"granted {student} on {assignment}: " + ", ".join(
        part for part in (f"{attempts} more attempt(s)" if attempts else "",
                          f"{extension_hours:g} h of extension" if extension_hours else "") if part))
    if attempts:
        kept = ledger.attempts_of_chapter(student, assignment, states=(states.OVER_LIMIT,))
        if kept:
            latest = kept[-1]
            ledger.update(latest.id, state=states.QUEUED, slot=GRANTED, reason=f"graded on a grant ({now_iso()})")
            log(f"attempt {latest.id}, received {display(latest.received_at)} and kept past the limit, is queued")
    if extension_hours:
        total = sum(g["extension_hours"] or 0 for g in ledger.grants()
                    if (g["student"], g["assignment"]) == (student, assignment))
        _set_extension(config, student, assignment, total)
        graded = ledger.attempts(student, assignment, states=(states.GRADED,))
        for attempt in graded:
            ledger.update(attempt.id, state=states.QUEUED, tries=0,
                          reason=f"regraded with an extension of {total:g} h (same seed)")
        log(f"nbgrader's extension for {student} on {assignment} is now {total:g} h; "
            f"{len(graded)} graded attempt(s) queued to be regraded on it")


def _set_extension(config: ServiceConfig, student: str, assignment: str, hours: float) -> None:
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(config.class_db_url, config.course_id) as gb:
        try:
            gb.find_assignment(assignment)
        except MissingEntry:
            raise SystemExit(f"{assignment} is not in the class gradebook {config.class_db_url} "
                             "(release it with nbgrader first)") from None
        gb.update_or_create_student(student)
        gb.update_or_create_submission(assignment, student, extension=timedelta(hours=hours))


def release(config: ServiceConfig, attempt_id: int, log=print) -> None:
    ledger = Ledger(config.ledger_path)
    attempt = ledger.get(attempt_id)
    if attempt is None:
        raise SystemExit(f"no attempt {attempt_id}")
    if attempt.state != states.HELD:
        raise SystemExit(f"attempt {attempt_id} is {attempt.state}, not held for review")
    ledger.update(attempt_id, state=states.QUEUED, tries=0, slot=attempt.slot or "regular",
                  reason=f"released for grading by the instructor ({now_iso()}); was: {attempt.reason}")
    log(f"attempt {attempt_id} ({attempt.key}) is queued")


def status(config: ServiceConfig, log=print) -> None:
    ledger = Ledger(config.ledger_path)
    queue = ledger.queue()
    grading = ledger.attempts(states=(states.GRADING,))
    log(f"{len(queue)} queued, {len(grading)} being graded")
    for position, attempt in enumerate(queue, start=1):
        log(f"  {position:>3}. attempt {attempt.id}: {attempt.key}, received {display(attempt.received_at)}")
    for attempt in ledger.attempts(states=(states.HELD,)):
        log(f"held: attempt {attempt.id}: {attempt.key}: {attempt.reason}")
    for attempt in ledger.attempts(states=(states.OVER_LIMIT,)):
        log(f"kept past the limit: attempt {attempt.id}: {attempt.key}: {attempt.reason}")
    for aside in ledger.aside():
        log(f"kept aside: inbound/{aside.inbound}: {aside.reason}")
