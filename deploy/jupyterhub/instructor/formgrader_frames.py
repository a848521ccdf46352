"""Formgrader inside the instructor's JupyterLab: a server extension that lets Formgrader's pages,
and only those, be framed by pages of the same origin.

JupyterHub gives every single-user response ``Content-Security-Policy: frame-ancestors 'none'`` (so
that no page of one user can frame another's), and nbgrader's JupyterLab extension shows
Formgrader in a frame of the lab: the browser refuses it ("refused to connect"). Formgrader's
handlers get ``frame-ancestors 'self'`` instead: the instructor's own lab, same origin, may frame
them; other sites still may not. Every other page keeps the hub's policy.
"""

from __future__ import annotations

FORMGRADER_POLICY = "frame-ancestors 'self'"


def _jupyter_server_extension_points():
    return [{"module": "formgrader_frames"}]


def _load_jupyter_server_extension(serverapp) -> None:
    from nbgrader.server_extensions.formgrader.base import BaseHandler

    def content_security_policy(handler) -> str:
        report = handler.settings.get("csp_report_uri")
        return FORMGRADER_POLICY + (f"; report-uri {report}" if report else "")

    BaseHandler.content_security_policy = property(content_security_policy)
    serverapp.log.info("formgrader_frames: Formgrader's pages may be framed by the same origin")
