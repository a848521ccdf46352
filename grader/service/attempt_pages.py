"""The service's pages, as HTML: a student's own attempts, and the instructor's view.

Both are plain HTML with no script (they refresh themselves while an attempt is queued or being
graded). A student's page holds only that student's attempts; a held attempt says only that it is
held (the reason, which may name a classmate, is the instructor's).
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

from grader.intake.received import CLOCK_TOLERANCE_SECONDS, clock_difference, display
from grader.service import ledger as states
from grader.service.ledger import Aside, Attempt

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em 2em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { text-align: left; padding: 0.3em 0.9em 0.3em 0; border-bottom: 1px solid #ddd; vertical-align: top; }
.num { text-align: right; } .muted { color: #666; font-size: 0.9em; }
.graded { color: #2e7d32; } .held, .over { color: #b26a00; } .queued, .grading { color: #1565c0; }
.warn { color: #b26a00; } code { background: #f4f4f4; padding: 0 0.2em; }
ul.ex { margin: 0; padding-left: 1.1em; font-size: 0.9em; }
"""


@dataclass(frozen=True)
class Chapter:
    """What a page says about a chapter besides its attempts."""

    assignment: str
    rules: str  # ``AttemptPolicy.describe()``
    duedate: str | None = None  # ISO, nbgrader's (with the student's extension)
    counting: int | None = None  # the id of the attempt that counts
    recorded: tuple[float, float] | None = None  # what the class gradebook holds (hand-set scores count)


@dataclass(frozen=True)
class Queue:
    """The grading queue as the instructor sees it."""

    waiting: list[Attempt]
    grading: list[Attempt]
    workers: int
    mean_seconds: float | None

    def wait(self, position: int) -> float | None:
        """Expected seconds until the attempt at ``position`` (1 = next) is graded."""
        if self.mean_seconds is None:
            return None
        return math.ceil(position / max(1, self.workers)) * self.mean_seconds


def _page(title: str, body: str, refresh: bool) -> str:
    meta = "<meta http-equiv='refresh' content='5'>" if refresh else ""
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'>{meta}<title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body>{body}</body></html>\n")


def _e(value) -> str:
    return html.escape("" if value is None else str(value))


def _num(value) -> str:
    return "" if value is None else f"{float(value):g}"


def _minutes(seconds: float | None) -> str:
    if seconds is None:
        return "unknown"
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"


def student_status(attempt: Attempt, queue: Queue | None = None) -> str:
    """What a student reads about an attempt's state."""
    if attempt.state == states.QUEUED:
        if queue is not None:
            ids = [a.id for a in queue.waiting]
            if attempt.id in ids:
                position = ids.index(attempt.id) + 1
                return f"queued: {position} of {len(ids)} waiting, about {_minutes(queue.wait(position))}"
        return "queued"
    if attempt.state == states.GRADING:
        return "being graded"
    if attempt.state == states.GRADED:
        return "graded" + (f" ({attempt.status})" if attempt.status and attempt.status != "graded" else "")
    if attempt.state == states.HELD:
        return "held for review: your instructor will look at it before it is graded"
    if attempt.state == states.OVER_LIMIT:
        return attempt.reason or "received, not graded"
    if attempt.state == states.UNCHANGED:
        return attempt.reason or "unchanged"
    return attempt.state


def _css(attempt: Attempt) -> str:
    return {states.OVER_LIMIT: "over"}.get(attempt.state, attempt.state)


def _stamp_cell(attempt: Attempt) -> str:
    difference = clock_difference(attempt.received_at, attempt.stamp)
    text = _e(display(attempt.stamp)) if attempt.stamp else ""
    if attempt.stamp and (difference is None or abs(difference) > CLOCK_TOLERANCE_SECONDS):
        return f"<span class='warn' title='differs from the received time'>{text} ⚠</span>"
    return text


def _score(attempt: Attempt) -> str:
    if attempt.final_score is None:
        return ""
    late = (attempt.score or 0) - attempt.final_score
    text = f"{_num(attempt.final_score)} / {_num(attempt.max_score)}"
    return text + (f" <span class='muted'>(late penalty {_num(late)})</span>" if late > 1e-9 else "")


def _exercises(attempt: Attempt) -> str:
    if not attempt.exercises:
        return ""
    rows = "".join(f"<li>{_e(e.get('title') or e['exercise'])}: {_num(e['score'])} / {_num(e['max_score'])}</li>"
                   for e in attempt.exercises)
    return f"<ul class='ex'>{rows}</ul>"


def feedback_links(attempt: Attempt, pages: dict[str, str], base: str) -> str:
    links = []
    for name in sorted(pages):
        label = "feedback" if len(pages) == 1 else f"feedback: {_e(name)}"
        links.append(f"<a class='feedback' href='{_e(base)}attempt/{attempt.id}/{_e(name)}.html'>{label}</a>")
    return " ".join(links)


def student_page(user: str, chapters: list[Chapter], attempts: list[Attempt], pages: dict[int, dict[str, str]],
                 queue: Queue, base: str) -> str:
    """A student's page: per chapter, the rules, the due date, each attempt with its state, score
    per exercise and feedback link. ``pages``: attempt id -> its released pages."""
    body = [f"<p class='muted'><a href='/hub/home'>Hub home</a> · <a href='/user/{_e(user)}/lab'>your JupyterLab</a>"
            "</p>", f"<h1>Your submissions · {_e(user)}</h1>",
            "<p class='muted'>Each submission from the Assignment List is graded as it arrives; this page "
            "refreshes itself while one is waiting. Times are when the course's exchange received your "
            "submission (nbgrader's stamp from your computer's clock is shown beside it).</p>"]
    if not chapters:
        body.append("<p>No submissions yet.</p>")
    for chapter in chapters:
        mine = [a for a in attempts if a.assignment == chapter.assignment]
        due = f" · due {_e(display(chapter.duedate))}" if chapter.duedate else ""
        body.append(f"<h2>{_e(chapter.assignment)}</h2><p class='muted'>{_e(chapter.rules)}{due}</p>")
        rows = []
        counted = next((a for a in mine if a.id == chapter.counting), None)
        if counted and chapter.recorded and abs(chapter.recorded[0] - (counted.final_score or 0)) > 1e-9:
            body.append(f"<p class='recorded'>In the gradebook: <b>{_num(chapter.recorded[0])} / "
                        f"{_num(chapter.recorded[1])}</b> (your instructor changed a score by hand)</p>")
        for number, attempt in enumerate(mine, start=1):
            counts = " <b>(counts)</b>" if attempt.id == chapter.counting else ""
            rows.append(
                f"<tr class='attempt' data-attempt='{attempt.id}' data-state='{_e(attempt.state)}'>"
                f"<td class='num'>{number}</td><td>{_e(display(attempt.received_at))}</td>"
                f"<td>{_stamp_cell(attempt)}</td>"
                f"<td class='{_css(attempt)} status'>{_e(student_status(attempt, queue))}{counts}</td>"
                f"<td class='score'>{_score(attempt)}{_exercises(attempt)}</td>"
                f"<td>{feedback_links(attempt, pages.get(attempt.id, {}), base)}"
                + ("".join(f"<div class='muted'>{_e(n)}</div>" for n in attempt.notes)) + "</td></tr>")
        body.append("<table><tr><th>#</th><th>received</th><th>nbgrader's stamp</th><th>status</th>"
                    "<th>score</th><th>feedback</th></tr>" + "".join(rows) + "</table>")
    pending = any(a.state in (states.QUEUED, states.GRADING) for a in attempts)
    return _page(f"Your submissions · {user}", "".join(body), refresh=pending)


def instructor_page(queue: Queue, attempts: list[Attempt], aside: list[Aside], counting: set[int], base: str) -> str:
    """The instructor's page: the queue in order of arrival with the expected wait, what is being
    graded, what is held for review, what was kept aside or kept past a limit, and every attempt."""
    body = ["<h1>Grading service</h1>",
            f"<p id='queue-summary'><b>{len(queue.waiting)}</b> waiting, <b>{len(queue.grading)}</b> being graded "
            f"on {queue.workers} worker(s); mean grading time {_minutes(queue.mean_seconds)}; the last in the "
            f"queue waits about {_minutes(queue.wait(len(queue.waiting)) if queue.waiting else 0)}.</p>"]
    rows = "".join(f"<tr><td class='num'>{i}</td><td>{a.id}</td><td>{_e(a.student)}</td><td>{_e(a.assignment)}</td>"
                   f"<td>{_e(display(a.received_at))}</td><td>{_minutes(queue.wait(i))}</td></tr>"
                   for i, a in enumerate(queue.waiting, start=1))
    body.append("<h2>Queue (in order of arrival)</h2><table id='queue'><tr><th>#</th><th>attempt</th><th>student</th>"
                f"<th>chapter</th><th>received</th><th>expected wait</th></tr>{rows}</table>")
    held = [a for a in attempts if a.state == states.HELD]
    rows = "".join(f"<tr><td>{a.id}</td><td>{_e(a.student)}</td><td>{_e(a.assignment)}</td>"
                   f"<td>{_e(display(a.received_at))}</td><td>{_e(a.reason)}</td></tr>" for a in held)
    body.append("<h2>Held for review</h2><p class='muted'>Grade one anyway with "
                "<code>python -m grader.service release ID</code>.</p><table id='held'><tr><th>attempt</th>"
                f"<th>student</th><th>chapter</th><th>received</th><th>reason</th></tr>{rows}</table>")
    rows = "".join(f"<tr><td><code>{_e(a.inbound)}</code></td><td>{_e(a.claimed)}</td><td>{_e(a.owner)}</td>"
                   f"<td>{_e(a.reason)}</td><td>{_e(display(a.seen_at))}</td></tr>" for a in aside)
    body.append("<h2>Kept aside (not a student's own submission)</h2><table id='aside'><tr><th>inbound folder</th>"
                f"<th>name claims</th><th>owner</th><th>reason</th><th>seen</th></tr>{rows}</table>")
    over = [a for a in attempts if a.state == states.OVER_LIMIT]
    rows = "".join(f"<tr><td>{a.id}</td><td>{_e(a.student)}</td><td>{_e(a.assignment)}</td>"
                   f"<td>{_e(display(a.received_at))}</td><td>{_e(a.reason)}</td></tr>" for a in over)
    body.append("<h2>Kept past the attempt limit</h2><p class='muted'>Grant more with <code>python -m "
                "grader.service grant STUDENT CHAPTER --attempts 1</code> (the latest kept attempt is then "
                "graded).</p><table id='over'><tr><th>attempt</th><th>student</th><th>chapter</th><th>received</th>"
                f"<th>message</th></tr>{rows}</table>")
    rows = "".join(
        f"<tr><td>{a.id}</td><td>{_e(a.student)}</td><td>{_e(a.assignment)}</td><td>{_e(display(a.received_at))}</td>"
        f"<td>{_stamp_cell(a)}</td><td class='{_css(a)}'>{_e(a.state)}{' (counts)' if a.id in counting else ''}</td>"
        f"<td>{_score(a)}</td><td>{a.tries}</td></tr>" for a in reversed(attempts[-200:]))
    body.append("<h2>Attempts (latest first)</h2><table id='attempts'><tr><th>attempt</th><th>student</th>"
                "<th>chapter</th><th>received</th><th>nbgrader's stamp</th><th>state</th><th>score</th><th>tries</th>"
                f"</tr>{rows}</table><p class='muted'>The class gradebook holds the attempt that counts; "
                f"<a href='{_e(base)}files/grades.csv'>grades.csv</a>, "
                f"<a href='{_e(base)}files/attempts.csv'>attempts.csv</a>, "
                f"<a href='{_e(base)}files/report.html'>class report</a>.</p>")
    return _page("Grading service", "".join(body), refresh=bool(queue.waiting or queue.grading))
