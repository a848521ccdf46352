"""What the student-mode JupyterLab says when a student presses nbgrader's buttons.

A Jupyter server extension (``jupyter-config/jupyter_server_config.json`` loads it in ``make lab``
and on the hub's student servers) that changes two answers of nbgrader's own server extensions,
and nothing else:

- **Validate** names each failing test cell's exercise as the notebook titles it ("Exercise 2 ·
  apply"), then the last lines of its error, the assertion's message, instead of the whole cell's
  source and traceback; an exercise whose answer cell still raises ``NotImplementedError`` is
  said to be not answered yet, in words;
- **Fetch Feedback** says what happened when no feedback came: nbgrader's handler ignores the
  fetch's outcome and shows the list unchanged, so the button seemed to do nothing. Now the
  Assignment List shows why ("no feedback has been released for ... yet"), and, where the
  student works alone, how to get the same feedback offline (``python -m grader check``).

nbgrader's handler classes are wrapped when the extension loads (nothing installed is edited);
``tests/browser/test_student_buttons.py`` presses the buttons in Chromium.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from nbconvert.filters.ansi import ansi2html, strip_ansi
from tornado import web

#: The last lines of a failing cell's error that Validate shows (the message, not the traceback).
ERROR_LINES = 6


#: The last line of an error raised by an answer cell the student has not written yet.
UNANSWERED = re.compile(r"^NotImplementedError:?\s*$")


def short_failure(failed: dict, titles: dict[str, str] | None = None) -> dict:
    """One Validate failure, shortened: the exercise the cell tests (``titles``: a cell's source
    -> its exercise's title; else the cell's first line) and the end of its error."""
    source = failed.get("source", "")
    lines = [line for line in source.splitlines() if line.strip()]
    title = (titles or {}).get(source.strip())
    if title:
        head = f"{title}: its test cell fails"
    else:
        more = f"\n... ({len(lines) - 1} more lines)" if len(lines) > 1 else ""
        head = (lines[0] if lines else "(an empty cell)") + more
    error = [line for line in strip_ansi(failed.get("raw_error", "")).splitlines() if line.strip()]
    if error and UNANSWERED.match(error[-1].strip()):
        tail = (f"{title or 'This exercise'} is not answered yet: its answer cell still raises "
                "NotImplementedError. Replace that line with your code, run the cell, then Validate again.")
    else:
        tail = "\n".join(error[-ERROR_LINES:])
    return {**failed, "source": head, "error": ansi2html(tail), "raw_error": tail}


def test_cell_titles(notebook: Path) -> dict[str, str]:
    """Each test cell's source (stripped) -> the title of the exercise it tests, from the
    notebook itself (its "exercise" metadata and "Exercise ..." headings); {} when unreadable."""
    import nbformat

    from grader.course.model import cell_kind, exercise_titles

    try:
        nb = nbformat.read(notebook, as_version=4)
        titles = exercise_titles(nb)
        return {cell.source.strip(): titles.get(cell.metadata.get("exercise"), cell.metadata.get("exercise"))
                for cell in nb.cells if cell_kind(cell) == "test" and cell.metadata.get("exercise")}
    except Exception:  # Validate still answers, naming cells by their first line
        return {}


def shorten_validation(reply: dict, titles: dict[str, str] | None = None) -> dict:
    """nbgrader's Validate reply with every failure shortened (``short_failure``)."""
    value = reply.get("value")
    if not reply.get("success") or not isinstance(value, dict) or not value.get("failed"):
        return reply
    return {**reply, "value": {**value, "failed": [short_failure(f, titles) for f in value["failed"]]}}


def feedback_message(assignment_id: str, listing: dict, fetched: dict) -> str | None:
    """Why Fetch Feedback brought nothing for ``assignment_id`` (None when it brought feedback)."""
    if not fetched.get("success", True):
        last = [line for line in str(fetched.get("value", "")).splitlines() if line.strip()]
        if not last or "not found" not in last[-1].lower():  # "not found": nothing was ever released
            return f"Fetching feedback for {assignment_id} failed: {last[-1] if last else 'unknown error'}"
    rows = [a for a in listing.get("value", []) if a.get("assignment_id") == assignment_id
            and a.get("status") == "submitted"]
    notebooks = [nb for row in rows for s in row.get("submissions", []) for nb in s.get("notebooks", [])]
    if any(nb.get("has_local_feedback") for nb in notebooks):
        return None
    return (f"No feedback for {assignment_id} yet: it appears here once your submission has been graded and its "
            "feedback released. Working on your own? The same grading runs offline: python -m grader check "
            f"{assignment_id}/{assignment_id}.ipynb (in your work folder).")


def _wrap_validate(handler_class) -> None:
    original = handler_class.validate_notebook

    def validate_notebook(self, path):
        reply = original(self, path)
        target = (Path(self.root_dir).resolve() / path).resolve()
        return shorten_validation(reply, test_cell_titles(target) if reply.get("success") else None)

    handler_class.validate_notebook = validate_notebook


def _wrap_fetch_feedback(handler_class) -> None:
    original = handler_class.post

    @web.authenticated
    def post(self, action):
        if action != "fetch_feedback":
            return original(self, action)
        try:
            data = {"assignment_id": self.get_argument("assignment_id"), "course_id": self.get_argument("course_id")}
        except Exception:
            data = self.get_json_body()
        fetched = self.manager.fetch_feedback(data["course_id"], data["assignment_id"])
        listing = self.manager.list_assignments(course_id=data["course_id"])
        message = feedback_message(data["assignment_id"], listing, fetched or {})
        self.finish(json.dumps(listing if message is None else {"success": False, "value": message}))

    handler_class.post = post


def _load_jupyter_server_extension(server_app) -> None:
    from nbgrader.server_extensions.assignment_list.handlers import AssignmentActionHandler
    from nbgrader.server_extensions.validate_assignment.handlers import ValidateAssignmentHandler

    if not getattr(ValidateAssignmentHandler, "_course_wrapped", False):
        _wrap_validate(ValidateAssignmentHandler)
        _wrap_fetch_feedback(AssignmentActionHandler)
        ValidateAssignmentHandler._course_wrapped = True
    server_app.log.info("course student lab: Validate and Fetch Feedback say what happened (%s)", Path(__file__).name)


def _jupyter_server_extension_points():
    return [{"module": "grader.student_lab"}]
