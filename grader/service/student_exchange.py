"""nbgrader's *Assignment List* and *Fetch Feedback*, finding the grading service's pages.

The service releases each attempt's feedback to the exchange under a secret of its own
(``release``), not the one nbgrader's submit left in the student's files. So a student's
JupyterLab on the hub asks the service which pages are theirs, with its server's own JupyterHub
token (``JUPYTERHUB_API_TOKEN``: the hub vouches for who is asking), and otherwise works as
nbgrader's own exchange does: the list marks a submission "feedback available to fetch" when its
pages are in the exchange, *Fetch Feedback* copies them to ``<assignment>/feedback/<timestamp>/``.

The hub's student configuration (``deploy/jupyterhub/student/nbgrader_config.py``) selects these
classes (``ExchangeFactory.list``, ``ExchangeFactory.fetch_feedback``) and
``COURSE_GRADING_SERVICE_URL`` says where the service answers. Without it (or when the service does
not answer) they behave exactly as nbgrader's own, and say why in the log.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request

from nbgrader.exchange.default.fetch_feedback import ExchangeFetchFeedback
from nbgrader.exchange.default.list import ExchangeList

TIMEOUT_SECONDS = 10


def service_pages(assignment_id: str | None, log) -> dict[tuple[str, str], dict[str, str]] | None:
    """(assignment, nbgrader timestamp) -> {notebook id: page name} of the caller's submissions, as
    the service answers; None when there is no service to ask."""
    base = os.environ.get("COURSE_GRADING_SERVICE_URL")
    token = os.environ.get("JUPYTERHUB_API_TOKEN")
    if not base or not token:
        return None
    query = urllib.parse.urlencode({"assignment": assignment_id} if assignment_id and assignment_id != "*" else {})
    request = urllib.request.Request(f"{base.rstrip('/')}/api/feedback?{query}",
                                     headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            data = json.loads(response.read())
    except (urllib.error.URLError, OSError, ValueError) as error:
        log.warning("the grading service at %s did not answer (%s): feedback it released is not listed", base, error)
        return None
    return {(s["assignment"], s["timestamp"]): s["pages"] for s in data.get("submissions", []) if s.get("timestamp")}


class ServiceList(ExchangeList):
    """nbgrader's list, with the feedback the service released for each submission."""

    def parse_assignments(self):
        assignments = super().parse_assignments()
        if not (self.inbound or self.cached):
            return assignments
        pages = service_pages(self.coursedir.assignment_id, self.log)
        if pages is None:
            return assignments
        feedback = os.path.join(self.root, self.coursedir.course_id, "feedback")
        for group in assignments:
            for info in group["submissions"]:
                released = pages.get((info["assignment_id"], info["timestamp"]), {})
                for notebook in info["notebooks"]:
                    name = released.get(notebook["notebook_id"])
                    path = os.path.join(feedback, name) if name else None
                    if not path or not os.path.isfile(path):
                        continue
                    notebook["has_exchange_feedback"] = True
                    local = notebook.get("local_feedback_path")
                    notebook["feedback_updated"] = bool(local and os.path.isfile(local)
                                                        and _read(local) != _read(path))
                if info["notebooks"]:
                    info["has_exchange_feedback"] = all(n["has_exchange_feedback"] for n in info["notebooks"])
                    info["feedback_updated"] = any(n["feedback_updated"] for n in info["notebooks"])
        return assignments


class ServiceFetchFeedback(ExchangeFetchFeedback):
    """nbgrader's fetch, taking the pages the service released for the student's submissions."""

    def init_src(self):
        super().init_src()
        pages = service_pages(self.coursedir.assignment_id, self.log)
        if pages is None:
            return
        found = {(notebook, timestamp) for notebook, timestamp, _ in self.feedback_files}
        for (assignment, timestamp), released in sorted(pages.items()):
            if self.coursedir.assignment_id not in ("", "*", assignment):
                continue
            for notebook, name in sorted(released.items()):
                path = os.path.join(self.outbound_path, name)
                if (notebook, timestamp) not in found and os.path.isfile(path):
                    self.feedback_files.append((notebook, timestamp, path))
                    self.log.info("Found feedback for '%s/%s/%s' submitted at %s", self.coursedir.course_id,
                                  assignment, notebook, timestamp)


def _read(path: str) -> bytes:
    with open(path, "rb") as handle:
        return handle.read()
