"""Feedback pages a student can read anywhere, that run no code of anyone's.

nbgrader renders each graded notebook as HTML (its ``feedback`` template). This module

- configures that render (``feedback_config``): nbconvert's sanitiser on, so HTML that a
  student's code displayed or wrote in a Markdown cell loses its scripts, event handlers and
  ``javascript:`` links, and JavaScript outputs are dropped;
- publishes a page (``publish_page``): its body made inert (``inert_html``: no script, no event
  handler, no ``javascript:`` link, whatever the template or the sanitiser let through), MathJax
  from a local copy next to the pages
  (``OUT/feedback/_static/mathjax``, installed once per run by ``install_mathjax``), with the CDN
  only as a fallback for a page opened elsewhere, and a summary box on top: the status, what the
  grader noticed, and a table of points per exercise, named as the notebook names them;
- writes a page for a submission nbgrader could not grade (``standalone_page``).

The hidden tests' source never reaches a page: the kernel ran without it (``SeparateHiddenTests``),
and each test cell shows the judge's message instead.
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

from traitlets.config import Config

from grader.grading import received
from grader.grading.inert_html import inert_page
from grader.grading.jobs import JobResult, Status

CDN_MATHJAX = "https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/latest.js?config=TeX-AMS_CHTML-full,Safe"
STATIC = "_static"
#: From OUT/feedback/<student>/<assignment>/page.html to OUT/feedback/_static (the configuration the
#: local package ships: TeX and MathML in, HTML-CSS or MathML out).
LOCAL_MATHJAX = f"../../{STATIC}/mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"
COLOURS = {Status.GRADED: "#2e7d32", Status.FLAGGED: "#b26a00", Status.TIMED_OUT: "#b26a00"}


def feedback_config(c: Config) -> Config:
    """Render feedback with nbconvert's HTML sanitiser on."""
    c.HTMLExporter.sanitize_html = True
    return c


def install_mathjax(feedback_root: Path) -> Path | None:
    """Copy MathJax (from the ``jupyter_server_mathjax`` package) to ``feedback_root/_static/mathjax``,
    once; None when the package is missing (pages then load MathJax from the CDN)."""
    target = Path(feedback_root) / STATIC / "mathjax"
    if (target / "MathJax.js").exists():
        return target
    try:
        import jupyter_server_mathjax
    except ImportError:
        return None
    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    scratch = target.with_name(".mathjax.tmp")
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(source, scratch, ignore=shutil.ignore_patterns("localization", "*.md", "test"))
    scratch.replace(target) if not target.exists() else shutil.rmtree(scratch)
    return target


def with_local_mathjax(text: str) -> str:
    """The page loading MathJax from the local copy, falling back to the CDN when it is not there."""
    fallback = ("var s=document.createElement('script');s.src='" + CDN_MATHJAX + "';"
                "document.head.appendChild(s);")
    return text.replace(f'<script src="{CDN_MATHJAX}"> </script>',
                        f'<script src="{LOCAL_MATHJAX}" onerror="{fallback}"> </script>')


def summary_html(result: JobResult, titles: dict[str, str] | None = None) -> str:
    """A self-contained HTML box: the status, the reasons, and the points per exercise."""
    titles = titles or {}
    status = result.status
    rows = "".join(
        f"<tr><td style='padding:0.2em 1.5em 0.2em 0'>{html.escape(titles.get(e.exercise, e.exercise))}</td>"
        f"<td style='padding:0.2em 0;text-align:right'>{_num(e.score)} / {_num(e.max_score)}</td></tr>"
        for e in result.exercises)
    reasons = "".join(f"<li>{html.escape(r)}</li>" for r in result.reasons)
    diagnoses = "".join(
        f"<li><b>{html.escape(titles.get(exercise, exercise))}</b>: {html.escape(diagnosis_text(d))}</li>"
        for exercise, d in result.diagnoses.items())
    colour = COLOURS.get(status, "#c62828")
    return (
        f'<div id="grader-summary" style="border:2px solid {colour};padding:0.8em;margin:1em;'
        f'font-family:sans-serif">'
        f"<h2 style='margin-top:0'>{html.escape(result.assignment_id)} · "
        f"{html.escape(result.student_id)}: {_num(result.score)} / {_num(result.max_score)}</h2>"
        f"<p><b>Status:</b> {html.escape(status.description)}</p>"
        + _received_html(result)
        + (f"<ul>{reasons}</ul>" if reasons else "")
        + ("<table style='border-collapse:collapse'><tr><th style='text-align:left;padding-right:1.5em'>"
           f"exercise</th><th style='text-align:right'>points</th></tr>{rows}</table>" if rows else "")
        + (f"<p><b>What your answers behave like</b></p><ul>{diagnoses}</ul>" if diagnoses else "")
        + f"<p style='font-size:small'>grading seed {result.seed}</p></div>"
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


def diagnosis_text(diagnosis: dict) -> str:
    """One diagnosis, for a student: the mistake, why it gives these numbers, where to read, a hint."""
    return (f"your answer behaves like this mistake: {diagnosis['mistake']}. {diagnosis['why']} "
            f"See \"{diagnosis['see']}\" in this chapter. Hint: {diagnosis['hint']}")


def publish_page(page: Path, target: Path, result: JobResult, titles: dict[str, str] | None = None) -> None:
    """Copy nbgrader's page to ``target`` with local MathJax and the summary box after ``<body>``."""
    text = with_local_mathjax(inert_page(Path(page).read_text(encoding="utf-8")))
    box = summary_html(result, titles)
    marker = text.find("<body")
    if marker >= 0:
        end = text.index(">", marker) + 1
        text = text[:end] + box + text[end:]
    else:
        text = box + text
    Path(target).write_text(text, encoding="utf-8")


def standalone_page(page: Path, result: JobResult, titles: dict[str, str] | None = None) -> None:
    """A feedback page for a submission nbgrader could not grade (missing, malformed, crashed)."""
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>"
        f"{html.escape(result.assignment_id)} feedback</title></head><body>"
        + summary_html(result, titles) + "</body></html>\n",
        encoding="utf-8",
    )


def _num(value) -> str:
    return f"{float(value or 0):g}"
