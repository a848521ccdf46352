"""The report as one self-contained HTML page: styles inline, pictures as data: URIs, all text
escaped (student ids, file names and failure messages are the students' own words)."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape
from urllib.parse import quote

from grader.class_report import plots, similar_work
from grader.class_report.read_run import NOT_GRADED, ClassData
from grader.class_report.stats import STATUSES, AssignmentSummary, ExerciseStats

TOP_MESSAGES = 5
STYLE = """
body { font-family: "Liberation Sans", Arial, sans-serif; margin: 1.5em; color: #222; max-width: 1150px; }
h1 { margin-bottom: 0.1em; } h2 { border-bottom: 2px solid #ddd; padding-bottom: 0.2em; margin-top: 1.6em; }
.meta { color: #666; font-size: 0.9em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.5em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.figures { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.figures img { border: 1px solid #eee; }
.full { color: #2e7d32; } .partial { color: #b26a00; } .none { color: #c62828; }
.msg { font-family: "Liberation Mono", monospace; font-size: 0.85em; }
.status-graded { color: #2e7d32; } .status-flagged, .status-timed-out { color: #b26a00; }
.status-crashed, .status-malformed, .status-missing { color: #c62828; font-weight: bold; }
details summary { cursor: pointer; color: #555; }
"""


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:.3g}" if abs(value - round(value)) > 1e-9 else f"{value:g}"


def _pct(count: int, total: int) -> str:
    return f"{count} ({100 * count / total:.0f}%)" if total else "0"


def _status_class(status: str) -> str:
    return "status-" + status.replace(" ", "-")


def _link(path: str, text: str) -> str:
    return f'<a href="{escape(quote(path), quote=True)}">{escape(text)}</a>'


def summary_section(summaries: list[AssignmentSummary]) -> str:
    head = "".join(f"<th>{escape(s)}</th>" for s in STATUSES)
    rows = []
    for s in summaries:
        q = s.quartiles()
        cells = "".join(f'<td class="num">{s.statuses.get(k, 0)}</td>' for k in STATUSES)
        rows.append(
            f"<tr><td>{escape(s.assignment_id)}</td><td class='num'>{s.students}</td>"
            f"<td class='num'>{s.ran}</td><td class='num'>{s.not_graded}</td>{cells}"
            f"<td class='num'>{_num(s.max_score)}</td><td class='num'>{_num(q[0] if q else None)}</td>"
            f"<td class='num'>{_num(q[1] if q else None)}</td><td class='num'>{_num(q[2] if q else None)}</td>"
            f"<td class='num'>{_num(s.mean())}</td></tr>")
    return (
        "<h2 id='summary'>Class summary</h2>"
        "<p>Per assignment: students in the gradebook; notebooks that ran (the distribution is of "
        "these); notebooks that could not be graded (missing or malformed: 0 points); each status.</p>"
        "<table><tr><th>assignment</th><th>students</th><th>ran</th><th>not graded</th>"
        f"{head}<th>max</th><th>Q1</th><th>median</th><th>Q3</th><th>mean</th></tr>"
        + "".join(rows) + "</table>")


def figures_section(summaries, stats_by_assignment) -> str:
    parts = ["<h2 id='distribution'>Score distribution</h2>"]
    for s in summaries:
        rows = stats_by_assignment[s.assignment_id]
        parts.append(f"<div class='figures'><img alt='score histogram of {escape(s.assignment_id)}' "
                     f"src='{plots.score_histogram(s)}'>")
        if rows:
            parts.append(f"<img alt='credit per exercise of {escape(s.assignment_id)}' "
                         f"src='{plots.credit_bars(s.assignment_id, rows)}'>")
        parts.append("</div>")
    return "".join(parts)


def exercises_section(stats_by_assignment: dict[str, list[ExerciseStats]]) -> str:
    parts = ["<h2 id='exercises'>Exercises</h2><p>Shares over every student of the assignment "
             "(a missing notebook has no credit). Failure messages of the hidden tests are grouped "
             "with their numbers, indices and values replaced (<code>&lt;n&gt;</code>, <code>(…)</code>, "
             "<code>[…]</code>); the count is of students.</p>"]
    for assignment_id, rows in stats_by_assignment.items():
        parts.append(f"<h3>{escape(assignment_id)}</h3><table><tr><th>exercise</th><th>points</th>"
                     "<th>full</th><th>partial</th><th>none</th><th>mean</th>"
                     "<th>mistakes diagnosed (students)</th><th>most frequent failures (students)</th></tr>")
        for r in rows:
            items = []
            for g in r.groups[:TOP_MESSAGES]:
                students = ", ".join(escape(s) for s in g.students)
                items.append(f"<li><b>{g.count}</b> × <span class='msg'>{escape(g.pattern)}</span>"
                             f"<details><summary>example and students</summary>"
                             f"<div class='msg'>{escape(g.example)}</div><div>{students}</div></details></li>")
            more = len(r.groups) - TOP_MESSAGES
            if more > 0:
                items.append(f"<li>… and {more} other kind(s) of failure</li>")
            failures = f"<ul>{''.join(items)}</ul>" if items else "<span class='full'>none</span>"
            diagnosed = _mistakes(r)
            parts.append(
                f"<tr><td>{escape(r.exercise.name)}</td><td class='num'>{_num(r.exercise.points)}</td>"
                f"<td class='num full'>{_pct(r.full, r.students)}</td>"
                f"<td class='num partial'>{_pct(r.partial, r.students)}</td>"
                f"<td class='num none'>{_pct(r.none, r.students)}</td>"
                f"<td class='num'>{_num(r.mean)}</td><td>{diagnosed}</td><td>{failures}</td></tr>")
        parts.append("</table>")
    return "".join(parts)


def _mistakes(r: ExerciseStats) -> str:
    """'14 students: the bias gradient is a mean; 9: no diagnosis', each student linked to feedback."""
    if not r.mistakes:
        return "<span class='full'>none</span>"
    items = []
    for group in r.mistakes:
        who = ", ".join(_link(group.feedback[s], s) if s in group.feedback else escape(s) for s in group.students)
        what = escape(group.mistake) if group.mistake else "<i>no diagnosis</i>"
        items.append(f"<li><b>{group.count}</b>: {what}<details><summary>students</summary>{who}</details></li>")
    return f"<ul>{''.join(items)}</ul>"


def attention_section(data: ClassData) -> str:
    """Notebooks that were not graded cleanly, the worst first; the students who submitted nothing
    for a chapter in one row per chapter (a class where each student does some chapters would
    otherwise fill the list); and the submitted files that were not graded."""
    rows, missing = [], {}
    problems = [sub for a in data.assignments for sub in data.of(a) if sub.status != "graded"]
    for sub in sorted(problems, key=lambda s: (_SEVERITY.get(s.status, 0), s.assignment_id, s.student_id)):
        if sub.status == "missing":
            missing.setdefault(sub.assignment_id, []).append(sub)
            continue
        rows.append(_attention_row(sub))
    for assignment_id, subs in missing.items():
        if len(subs) == 1:
            rows.append(_attention_row(subs[0]))
            continue
        names = ", ".join(escape(s.student_id) for s in subs)
        rows.append(f"<tr><td><details><summary>{len(subs)} students</summary>{names}</details></td>"
                    f"<td>{escape(assignment_id)}</td><td class='{_status_class('missing')}'>missing</td>"
                    f"<td class='num'>0</td><td>nothing was submitted for {escape(assignment_id)}</td><td></td></tr>")
    body = ("<table><tr><th>student</th><th>assignment</th><th>status</th><th>score</th><th>why</th>"
            "<th></th></tr>" + "".join(rows) + "</table>") if rows \
        else "<p class='full'>None: every notebook was graded cleanly.</p>"
    return ("<h2 id='attention'>Notebooks that need attention</h2><p>Crashed, malformed, timed out or "
            "flagged by the checks against tampering, then the students who submitted nothing.</p>" + body
            + _not_placed_section(data))


_SEVERITY = {"crashed": 0, "malformed": 1, "flagged": 2, "timed out": 3, "missing": 9}


def _attention_row(sub) -> str:
    links = " ".join(_link(p, "feedback") for p in sub.feedback)
    reasons = "".join(f"<li>{escape(r)}</li>" for r in sub.reasons)
    return (f"<tr><td>{escape(sub.student_id)}</td><td>{escape(sub.assignment_id)}</td>"
            f"<td class='{_status_class(sub.status)}'>{escape(sub.status)}</td>"
            f"<td class='num'>{_num(sub.score)}</td><td><ul>{reasons}</ul></td><td>{links}</td></tr>")


def _not_placed_section(data: ClassData) -> str:
    if not data.not_placed:
        return ""
    rows = "".join(f"<tr><td>{escape(r.get('path', ''))}</td><td>{escape(r.get('student_id', ''))}</td>"
                   f"<td>{escape(r.get('note', ''))}</td></tr>" for r in data.not_placed)
    return (f"<h3 id='not-placed'>Submitted files that were not graded ({len(data.not_placed)})</h3>"
            "<p>Every file found in SUBMISSIONS is in <a href='files.csv'>files.csv</a>; these were not "
            "graded, for the reason given.</p><table><tr><th>file</th><th>student</th><th>why</th></tr>"
            + rows + "</table>")


def students_section(data: ClassData) -> str:
    head1, head2 = ["<th rowspan='2'>student</th>"], []
    for a in data.assignments:
        names = data.exercises[a]
        head1.append(f"<th colspan='{len(names) + 2}'>{escape(a)}</th>")
        head2 += [f"<th title='{escape(e.name)}'>{escape(e.name)} /{_num(e.points)}</th>" for e in names]
        head2 += ["<th>total</th>", "<th>status</th>"]
    rows = []
    for student in data.students:
        cells = [f"<td>{escape(student)}</td>"]
        for a in data.assignments:
            sub = data.submissions.get((student, a))
            for e in data.exercises[a]:
                got = sub.exercise_scores.get(e.key, 0.0) if sub else 0.0
                kind = "full" if got >= e.points - 1e-9 and e.points > 0 else "partial" if got > 1e-9 else "none"
                cells.append(f"<td class='num {kind}'>{_num(got)}</td>")
            if sub is None:
                cells += ["<td></td>", "<td></td>"]
                continue
            total = _link(sub.feedback[0], _num(sub.score)) if sub.feedback else escape(_num(sub.score))
            cells.append(f"<td class='num'>{total}</td>")
            cells.append(f"<td class='{_status_class(sub.status)}'>{escape(sub.status)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return ("<h2 id='students'>Students</h2><p>Points per exercise; a total links to the student's "
            "feedback.</p><table><tr>" + "".join(head1) + "</tr><tr>" + "".join(head2) + "</tr>"
            + "".join(rows) + "</table>")


def render(data: ClassData, summaries: list[AssignmentSummary],
           stats_by_assignment: dict[str, list[ExerciseStats]]) -> str:
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    ran = sum(s.ran for s in summaries)
    failed = sum(s.not_graded for s in summaries)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>Class report: {escape(', '.join(data.assignments))}</title>"
        f"<style>{STYLE}{similar_work.STYLE}</style></head><body>"
        f"<h1>Class report</h1><p class='meta'>{len(data.students)} students, "
        f"{len(data.assignments)} assignment(s): {escape(', '.join(data.assignments))}; {ran} notebook(s) "
        f"graded, {failed} could not be graded; made {stamp} from the files in this folder.</p>"
        "<p class='meta'><a href='#summary'>summary</a> · <a href='#distribution'>distribution</a> · "
        "<a href='#exercises'>exercises</a> · <a href='#similar'>similar work</a> · "
        "<a href='#attention'>attention</a> · "
        "<a href='#students'>students</a> · <a href='exercise_stats.csv'>exercise_stats.csv</a> · "
        "<a href='grades.csv'>grades.csv</a> · <a href='status.csv'>status.csv</a></p>"
        + summary_section(summaries) + figures_section(summaries, stats_by_assignment)
        + exercises_section(stats_by_assignment) + similar_work.section(data.out, _feedback_pages(data))
        + attention_section(data) + students_section(data)
        + "</body></html>\n")


def _feedback_pages(data: ClassData) -> dict[tuple[str, str], str]:
    return {key: sub.feedback[0] for key, sub in data.submissions.items() if sub.feedback}


__all__ = ["render", "NOT_GRADED"]
