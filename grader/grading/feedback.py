"""Feedback that tells a student what happened, without showing the hidden tests.

- ``hide_hidden_tests`` rewrites an autograded notebook before nbgrader renders it: each test
  cell keeps its visible part and shows one line where the hidden tests were; a failure keeps
  its exception name and message but loses the traceback (which would quote the hidden code).
- ``summary_html`` is a box put at the top of every feedback page: the status of the
  submission, what the grader detected, and a table of scores per exercise.
"""

from __future__ import annotations

import html
from pathlib import Path

import nbformat

from grader.course.model import HIDDEN_BLOCK, cell_kind

HIDDEN_NOTE = "# (hidden tests: not shown; their outcome is below)\n"


def hide_hidden_tests(path: Path) -> None:
    """Remove hidden tests' source and tracebacks from the test cells of a notebook, in place."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code" or cell_kind(cell) != "test":
            continue
        if HIDDEN_BLOCK.search(cell.source):
            cell.source = HIDDEN_BLOCK.sub(HIDDEN_NOTE, cell.source)
            for output in cell.outputs:
                if output.get("output_type") == "error":
                    output["traceback"] = [f"\x1b[0;31m{output['ename']}\x1b[0m: {output['evalue']}"]
    nbformat.write(nb, path)


STATUS_TEXT = {
    "graded": "graded",
    "timed out": "graded, but a time limit stopped the notebook",
    "crashed": "graded as far as the notebook ran: the kernel died",
    "flagged": "graded; the grader detected something (see below)",
    "malformed": "not graded: the file is not a readable notebook",
    "missing": "not graded: nothing was submitted",
}


def summary_html(result: dict) -> str:
    """A self-contained HTML box with the status, the reasons and the per-exercise scores."""
    status = result.get("status", "graded")
    rows = "".join(
        f"<tr><td>{html.escape(e['exercise'])}</td><td>{_num(e['score'])} / {_num(e['max_score'])}</td></tr>"
        for e in result.get("exercises", [])
    )
    reasons = "".join(f"<li>{html.escape(r)}</li>" for r in result.get("reasons", []))
    colour = "#2e7d32" if status == "graded" else "#b26a00" if status in ("flagged", "timed out") else "#c62828"
    return (
        f'<div id="grader-summary" style="border:2px solid {colour};padding:0.8em;margin:1em;'
        f'font-family:sans-serif">'
        f"<h2 style='margin-top:0'>{html.escape(result['assignment_id'])} · "
        f"{html.escape(result['student_id'])}: {_num(result.get('score', 0))} / "
        f"{_num(result.get('max_score', 0))}</h2>"
        f"<p><b>Status:</b> {html.escape(STATUS_TEXT.get(status, status))}</p>"
        + (f"<ul>{reasons}</ul>" if reasons else "")
        + (f"<table><tr><th>exercise</th><th>score</th></tr>{rows}</table>" if rows else "")
        + f"<p style='font-size:small'>grading seed {result.get('seed')}</p></div>"
    )


def add_summary(page: Path, result: dict) -> None:
    """Insert the summary box right after ``<body>`` in an nbgrader feedback page."""
    text = page.read_text(encoding="utf-8")
    box = summary_html(result)
    marker = text.find("<body")
    if marker >= 0:
        end = text.index(">", marker) + 1
        text = text[:end] + box + text[end:]
    else:
        text = box + text
    page.write_text(text, encoding="utf-8")


def standalone_page(page: Path, result: dict) -> None:
    """A feedback page for a submission nbgrader could not grade (missing, malformed)."""
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>"
        f"{html.escape(result['assignment_id'])} feedback</title></head><body>"
        + summary_html(result) + "</body></html>\n",
        encoding="utf-8",
    )


def _num(value) -> str:
    value = float(value or 0)
    return f"{value:g}"
