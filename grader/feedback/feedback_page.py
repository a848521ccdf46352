"""Feedback pages a student can read anywhere, that run no code and load nothing.

nbgrader renders each graded notebook as HTML (its ``feedback`` template). This module

- configures that render (``feedback_config``): nbconvert's sanitiser on, so HTML that a
  student's code displayed or wrote in a Markdown cell loses its scripts, event handlers and
  ``javascript:`` links, and JavaScript outputs are dropped;
- publishes a page (``publish_page``): its math typeset as MathML (``feedback_math``), its body
  made inert (``inert_html``: no script, no event handler, no ``javascript:`` link, no remote
  load, whatever the template or the sanitiser let through), every script of its head removed
  (MathJax is not needed any more), a Content-Security-Policy that forbids every load but
  embedded images and the page's own styles, and a summary box on top: the status, what the
  grader noticed, a table of points per exercise, named as the notebook names them, with the
  first message of each failing exercise;
- writes a page for a submission nbgrader could not grade (``standalone_page``);
- reads what a graded notebook's answer cells raised at top level (``answer_cell_errors``), so
  that feedback says so even when the tests still passed.

A page is one self-contained file: it reads the same from ``OUT/feedback``, from the exchange,
from a student's Assignment List copy, over http or from ``file://``.

The hidden tests' source never reaches a page: the kernel ran without it (``SeparateHiddenTests``),
and each test cell shows the judge's message instead.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat
from traitlets.config import Config

from grader.feedback.feedback_math import with_mathml
from grader.feedback.inert_html import inert_page
from grader.i18n.editions import EDITIONS, language_of
from grader.i18n.wording import ENGLISH, Words, words_for
from grader.intake import received
from grader.records.jobs import JobResult, Status

#: No script, no frame, no font or stylesheet from anywhere, images only when embedded.
CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; "
       "base-uri 'none'; form-action 'none'")
CSP_META = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
HEAD_SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.IGNORECASE | re.DOTALL)
#: A font the page would fetch (bootstrap's glyphicons in nbgrader's template): the CSP forbids
#: the load, and each attempt is an error in the browser's console, so the rule goes.
FETCHED_FONT = re.compile(r"@font-face\s*\{(?:(?!\}).)*?url\(\s*['\"]?(?!data:)(?:(?!\}).)*\}",
                          re.IGNORECASE | re.DOTALL)
FIRST_MESSAGE_CHARS = 300
COLOURS = {Status.GRADED: "#2e7d32", Status.FLAGGED: "#b26a00", Status.TIMED_OUT: "#b26a00"}


def feedback_config(c: Config) -> Config:
    """Render feedback with nbconvert's HTML sanitiser on, after leaving out markup nested so
    deep that sanitising it would take minutes (``LeaveOutDeepMarkup``)."""
    from grader.feedback.deep_markup import LeaveOutDeepMarkup

    c.HTMLExporter.sanitize_html = True
    c.HTMLExporter.preprocessors = [LeaveOutDeepMarkup]
    return c


def self_contained(page: str) -> str:
    """The page with its math typeset, its body inert, no script and no font to fetch in its head,
    and the CSP first."""
    page = inert_page(with_mathml(page))
    body = page.find("<body")
    head, rest = (page[:body], page[body:]) if body >= 0 else ("", page)
    head = FETCHED_FONT.sub("", HEAD_SCRIPT.sub("", head))
    opening = re.search(r"<head\b[^>]*>", head, re.IGNORECASE)
    if opening:
        head = head[:opening.end()] + CSP_META + head[opening.end():]
    else:
        head = head + f"<head>{CSP_META}</head>"
    return head + rest


def summary_html(result: JobResult, titles: dict[str, str] | None = None,
                 tests: dict[str, list[str]] | None = None) -> str:
    """A self-contained HTML box: the status, the reasons, and the points per exercise, with the
    first message of each exercise that lost points (``tests``: exercise -> its test cells)."""
    titles = titles or {}
    first = first_messages(result, tests or {})
    status = result.status
    words = words_for(result.assignment_id)
    rows = "".join(
        f"<tr><td style='padding:0.2em 1.5em 0.2em 0;vertical-align:top'>"
        f"{html.escape(titles.get(e.exercise, e.exercise))}</td>"
        f"<td style='padding:0.2em 1.5em 0.2em 0;text-align:right;vertical-align:top;white-space:nowrap'>"
        f"{_num(e.score)} / {_num(e.max_score)}</td>"
        + (f"<td style='padding:0.2em 0;font-family:monospace;font-size:90%'>"
           f"{html.escape(first.get(e.exercise, '')) if not e.full else ''}</td>" if first else "")
        + "</tr>"
        for e in result.exercises)
    reasons = "".join(f"<li>{html.escape(words.message(r))}</li>" for r in result.reasons)
    diagnoses = "".join(
        f"<li><b>{html.escape(titles.get(exercise, exercise))}</b>{words.tr(': ')}"
        f"{html.escape(diagnosis_text(d, words))}</li>"
        for exercise, d in result.diagnoses.items())
    colour = COLOURS.get(status, "#c62828")
    return (
        f'<div id="grader-summary" style="border:2px solid {colour};padding:0.8em;margin:1em;'
        f'font-family:sans-serif">'
        f"<h2 style='margin-top:0'>{html.escape(result.assignment_id)} · "
        f"{html.escape(result.student_id)}: {_num(result.score)} / {_num(result.max_score)}</h2>"
        f"<p><b>{words.tr('Status:')}</b> {html.escape(words.tr(status.description))}</p>"
        + _received_html(result)
        + (f"<ul>{reasons}</ul>" if reasons else "")
        + ("<table style='border-collapse:collapse'><tr><th style='text-align:left;padding-right:1.5em'>"
           f"{words.tr('exercise')}</th><th style='text-align:right;padding-right:1.5em'>{words.tr('points')}</th>"
           + (f"<th style='text-align:left'>{words.tr('first failing check')}</th>" if first else "")
           + f"</tr>{rows}</table>" if rows else "")
        + (f"<p><b>{words.tr('What your answers behave like')}</b></p><ul>{diagnoses}</ul>" if diagnoses else "")
        + f"<p style='font-size:small'>{html.escape(words.tr('grading seed {seed}', seed=result.seed))}</p></div>"
    )


def _received_html(result: JobResult) -> str:
    """When it was received (and who says so), nbgrader's stamp beside it, the late penalty."""
    if not result.received_by and not result.student_stamp:
        return ""
    parts = []
    if result.received_by:
        parts.append(f"<b>Received:</b> {html.escape(received.display(result.timestamp))} "
                     f"(by {html.escape(result.received_by)})")
    if result.student_stamp:
        parts.append(f"nbgrader's stamp (your computer's clock): {html.escape(received.display(result.student_stamp))}")
    if result.late_penalty:
        parts.append(f"<b>late penalty:</b> {_num(result.late_penalty)} point(s), "
                     f"score after it {_num(result.final_score)} / {_num(result.max_score)}")
    return f"<p id='grader-received'>{' · '.join(parts)}</p>"


def first_messages(result: JobResult, tests: dict[str, list[str]]) -> dict[str, str]:
    """Each exercise's first failed-test message (its first line, cut short), in test-cell order."""
    found = {}
    for exercise, test_ids in tests.items():
        for test_id in test_ids:
            message = next((m for where, m in result.messages.items() if where.split("/", 1)[-1] == test_id), None)
            if message:
                line = next((part for part in message.strip().splitlines() if part.strip()), message)
                found[exercise] = line if len(line) <= FIRST_MESSAGE_CHARS else line[:FIRST_MESSAGE_CHARS] + " ..."
                break
    return found


def answer_cell_errors(notebook: Path, titles: dict[str, str] | None = None, words: Words = ENGLISH) -> list[str]:
    """A note for each answer cell of a graded notebook that stopped with an error at top level:
    the lines after the error did not run, even where the exercise's tests still passed."""
    try:
        nb = nbformat.read(notebook, as_version=4)
    except Exception:  # a notebook nbgrader could not write says so elsewhere
        return []
    notes = []
    for index, cell in enumerate(nb.cells):
        nbg = cell.metadata.get("nbgrader") or {}
        if cell.cell_type != "code" or not (isinstance(nbg, dict) and nbg.get("solution")):
            continue
        error = next((o for o in cell.get("outputs", []) if o.get("output_type") == "error"), None)
        if error is None:
            continue
        exercise = cell.metadata.get("exercise") or nbg.get("grade_id", "")
        what = f"{error.get('ename', 'Error')}: {error.get('evalue', '')}".strip().rstrip(":")
        notes.append(words.tr("{title}: your answer cell (cell {number} from the top) stopped with {error}; the lines "
                              "after it did not run", title=(titles or {}).get(exercise, exercise), number=index + 1,
                              error=what[:200]))
    return notes


def diagnosis_text(diagnosis: dict, words: Words = ENGLISH) -> str:
    """One diagnosis, for a student: the mistake, why it gives these numbers, where to read, a hint."""
    return words.tr('your answer behaves like this mistake: {mistake}. {why} See "{see}" in this chapter. '
                    "Hint: {hint}", mistake=diagnosis["mistake"], why=diagnosis["why"], see=diagnosis["see"],
                    hint=diagnosis["hint"])


#: The words of nbgrader's feedback template, which a translated edition's page says in its language.
NBGRADER_WORDS = (">Test cell<", ">Student's answer<", ">Student's task<", ">Coding free-response<",
                  ">Written response<", ">Task<", ">(Top)<", "<b>Comments:</b>", "Late submission penalty")
_NBGRADER_SCORE = re.compile(r"\(Score: (-?[\d.]+(?: / [\d.]+)?)\)|(?<![\w(])Score: ([\d.]+ / [\d.]+)")


def nbgrader_words(page: str, words: Words) -> str:
    """nbgrader's own words on a feedback page in the edition's language (English: unchanged)."""
    if words.language == ENGLISH.language:
        return page
    for english in NBGRADER_WORDS:
        page = page.replace(english, words.tr(english))
    return _NBGRADER_SCORE.sub(lambda m: words.tr("(Score: {score})", score=m[1]) if m[1] else
                               words.tr("Score: {score}", score=m[2]), page)


def publish_page(page: Path, target: Path, result: JobResult, titles: dict[str, str] | None = None,
                 tests: dict[str, list[str]] | None = None) -> None:
    """Copy nbgrader's page to ``target``, self-contained, with the summary box after ``<body>``."""
    text = self_contained(Path(page).read_text(encoding="utf-8"))
    text = nbgrader_words(_with_language(text, result.assignment_id), words_for(result.assignment_id))
    box = summary_html(result, titles, tests)
    marker = text.find("<body")
    if marker >= 0:
        end = text.index(">", marker) + 1
        text = text[:end] + box + text[end:]
    else:
        text = box + text
    Path(target).write_text(text, encoding="utf-8")


def standalone_page(page: Path, result: JobResult, titles: dict[str, str] | None = None,
                    tests: dict[str, list[str]] | None = None) -> None:
    """A feedback page for a submission nbgrader could not grade (missing, malformed, crashed)."""
    page.parent.mkdir(parents=True, exist_ok=True)
    lang = _html_lang(result.assignment_id)
    title = words_for(result.assignment_id).tr("{assignment} feedback", assignment=result.assignment_id)
    page.write_text(
        f"<!DOCTYPE html><html lang='{lang}'><head><meta charset='utf-8'>{CSP_META}<title>"
        f"{html.escape(title)}</title></head><body>"
        + summary_html(result, titles, tests) + "</body></html>\n",
        encoding="utf-8",
    )


def _html_lang(assignment_id: str) -> str:
    language = language_of(assignment_id)
    return EDITIONS[language].html_lang if language in EDITIONS else "en"


def _with_language(page: str, assignment_id: str) -> str:
    """The page's ``lang`` attribute set to the submission's language (a browser picks fonts by it)."""
    if language_of(assignment_id) not in EDITIONS:
        return page
    lang = _html_lang(assignment_id)
    found = re.search(r"<html\b[^>]*>", page, re.IGNORECASE)
    if not found:
        return page
    tag = re.sub(r"\slang=(\"[^\"]*\"|'[^']*'|\S+)", "", found.group(0))
    return page[:found.start()] + tag[:-1] + f' lang="{lang}">' + page[found.end():]


def _num(value) -> str:
    return f"{float(value or 0):g}"
