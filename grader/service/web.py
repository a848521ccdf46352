"""The service's web pages, behind JupyterHub's login (``/services/grading/``).

Why a page of the service rather than a JupyterLab extension: the attempts, scores and feedback
live with the service (its ledger and folders, the instructor's), so a page that shows them must
be served by something that holds them and can tell who is asking. JupyterHub's OAuth gives the
service the logged-in user's name, checked by the hub, so the service decides what that user may
see; an extension would run in the student's own server, a process the student controls, and
would need the same service behind it anyway. The page also works while the student's server is
stopped, needs no JavaScript build, and is the same for every user.

==================================  ==========================================================
``/``                               the logged-in student's attempts (the instructor: the queue,
                                    what is held or kept aside, every attempt)
``/attempt/<id>/<notebook>.html``   an attempt's feedback page: its owner's, or the instructor's
``/files/...``                      the service's OUT (``grades.csv``, ``attempts.csv``, the
                                    class report): the instructor's only
``/api/feedback?assignment=ID``     the pages released for the caller's submissions (JSON), for
                                    *Fetch Feedback* (``student_exchange``, with the student's
                                    server's token)
==================================  ==========================================================

Feedback pages are sent with a strict Content-Security-Policy (``FEEDBACK_POLICY``): no inline
script runs in them and nothing is loaded from another site, whatever a page holds.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from jupyterhub.utils import url_path_join
from tornado import web

from grader.service import ledger as states
from grader.service.attempt_pages import Chapter, instructor_page, student_page
from grader.service.attempt_policy import counting
from grader.service.inbound import InboundName
from grader.service.ledger import Attempt

#: Feedback pages are self-contained and inert (math as MathML, no script: ``feedback``); the browser
#: is told so too: no script, nothing loaded but embedded images and the page's own styles.
FEEDBACK_POLICY = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; "
                   "base-uri 'none'; form-action 'none'; frame-ancestors 'self'")


class Base(HubOAuthenticated, web.RequestHandler):
    """A page for a logged-in hub user; ``self.service`` is the running ``Service``."""

    def initialize(self, service):
        self.service = service

    @property
    def user(self) -> str:
        return self.current_user["name"]

    @property
    def is_instructor(self) -> bool:
        return self.user in self.service.config.instructors

    @property
    def base(self) -> str:
        return self.service.prefix

    def set_default_headers(self):
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Content-Security-Policy", "default-src 'self' 'unsafe-inline'; frame-ancestors 'self'")


class Home(Base):
    @web.authenticated
    def get(self):
        service = self.service
        queue = service.queue()
        if self.is_instructor and self.get_argument("as", "") != "student":
            attempts = service.ledger.attempts()
            self.finish(instructor_page(queue, attempts, service.ledger.aside(), service.counting_ids(attempts),
                                        self.base))
            return
        attempts = service.ledger.attempts(student=self.user)
        chapters = []
        for assignment in sorted({a.assignment for a in attempts}):
            policy = service.config.policy(assignment)
            graded = [a for a in attempts if a.assignment == assignment and a.state == states.GRADED]
            chosen = counting(graded, policy.counts)
            chapters.append(Chapter(assignment, policy.describe(), service.duedate(self.user, assignment),
                                    chosen.id if chosen else None,
                                    service.recorded(self.user, assignment) if chosen else None))
        pages = {a.id: service.pages_of(a) for a in attempts}
        self.finish(student_page(self.user, chapters, attempts, pages, queue, self.base))


class FeedbackPage(Base):
    @web.authenticated
    def get(self, attempt_id: str, notebook: str):
        attempt = self.service.ledger.get(int(attempt_id))
        if attempt is None or (attempt.student != self.user and not self.is_instructor):
            raise web.HTTPError(404)
        name = self.service.pages_of(attempt).get(notebook)
        path = self.service.config.exchange_feedback / name if name else None
        if path is None or not path.is_file():
            raise web.HTTPError(404)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", FEEDBACK_POLICY)
        self.finish(path.read_bytes())


class InstructorFiles(HubOAuthenticated, web.StaticFileHandler):
    """The service's OUT, for the instructor."""

    def initialize(self, service, **kwargs):
        self.service = service
        super().initialize(**kwargs)

    @web.authenticated
    async def get(self, path, include_body=True):
        if self.current_user["name"] not in self.service.config.instructors:
            raise web.HTTPError(403)
        return await super().get(path, include_body)


class FeedbackApi(Base):
    """``{"submissions": [{"assignment", "timestamp", "state", "pages": {notebook: page name}}]}`` for
    the caller's own submissions: what ``student_exchange`` fetches from the exchange."""

    def set_default_headers(self):
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")

    @web.authenticated
    def get(self):
        assignment = self.get_argument("assignment", None) or None
        found = []
        for attempt in self.service.ledger.attempts(student=self.user, assignment=assignment):
            name = InboundName.parse(attempt.inbound)
            found.append({"assignment": attempt.assignment, "timestamp": name.stamp if name else None,
                          "state": attempt.state, "pages": self.service.pages_of(attempt)})
        self.finish(json.dumps({"submissions": found}))


def make_app(service) -> web.Application:
    """The tornado application of the service's pages under ``service.prefix``."""
    prefix = service.prefix
    kwargs = {"service": service}
    handlers = [
        (prefix, Home, kwargs),
        (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
        (url_path_join(prefix, r"attempt/(\d+)/([^/]+)\.html"), FeedbackPage, kwargs),
        (url_path_join(prefix, "api/feedback"), FeedbackApi, kwargs),
        (url_path_join(prefix, "files/(.*)"), InstructorFiles, {"service": service, "path": str(service.config.out)}),
    ]
    return web.Application(handlers, cookie_secret=_cookie_secret(service.config.state), login_url=None)


def _cookie_secret(state: Path) -> bytes:
    """The service's cookie secret, kept in its folder (a restart keeps everyone logged in)."""
    path = Path(state) / "cookie_secret"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
    return path.read_text().strip().encode()


def pages_of(ledger, attempt: Attempt) -> dict[str, str]:
    """The pages released for an attempt (an unchanged one: those of the attempt it repeats)."""
    if attempt.released or attempt.same_as is None:
        return attempt.released
    same = ledger.get(attempt.same_as)
    return same.released if same else {}
