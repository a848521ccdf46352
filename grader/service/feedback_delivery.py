"""An attempt's feedback, released to the exchange under the service's own secret.

nbgrader names a released page by a hash of a secret and the notebook's name
(``notebook_hash``) in the exchange's ``feedback/`` folder, which nobody can list (711): whoever
knows the secret can open the page. Plain nbgrader takes that secret from the submission
(``submission_secret.txt``), which a student writes, so a forged submission could name a
classmate's page. The service never reads it: each attempt gets a secret of its own, made when it
is received and kept in the service's ledger (readable by the instructor only), and the student's
*Fetch Feedback* asks the service, as the logged-in student, which pages are theirs
(``student_exchange``, ``web``'s ``/api/feedback``).

A graded attempt's pages are the grader's feedback; an attempt that was not graded (past the
limit, held for review) gets a short page that says so, so *Fetch Feedback* always tells the
student what happened to a submission.
"""

from __future__ import annotations

import html
from pathlib import Path

from nbgrader.utils import notebook_hash

from grader.files import write_atomic
from grader.intake.received import display


def page_name(secret: str, notebook_id: str) -> str:
    """The page's name in the exchange, as nbgrader's ``fetch_feedback`` computes it."""
    return f"{notebook_hash(secret=secret, notebook_id=notebook_id)}.html"


def release_pages(feedback_dir: Path, secret: str, pages: dict[str, bytes]) -> dict[str, str]:
    """Put ``pages`` (notebook id -> HTML) into the exchange's ``feedback/`` under ``secret``;
    returns notebook id -> page name. Each page is written aside and moved into place."""
    released = {}
    for notebook_id, text in sorted(pages.items()):
        name = page_name(secret, notebook_id)
        write_atomic(Path(feedback_dir) / name, text, permissions=0o644)
        released[notebook_id] = name
    return released


def notice_page(assignment: str, received_at: str, stamp: str | None, status: str, message: str) -> bytes:
    """A page for an attempt that was not graded: when it was received and what became of it."""
    stamp_line = (f"<p>nbgrader's stamp (your computer's clock): {html.escape(display(stamp))}</p>"
                  if stamp else "")
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(assignment)}: {html.escape(status)}</title></head><body>"
        "<div id='grader-summary' style='border:2px solid #b26a00;padding:0.8em;margin:1em;font-family:sans-serif'>"
        f"<h2 style='margin-top:0'>{html.escape(assignment)}: {html.escape(status)}</h2>"
        f"<p><b>Received:</b> {html.escape(display(received_at))} (by the exchange)</p>{stamp_line}"
        f"<p>{html.escape(message)}</p></div></body></html>\n"
    ).encode()
