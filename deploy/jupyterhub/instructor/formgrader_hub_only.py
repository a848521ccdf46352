"""Formgrader on the hub without the buttons the grading service replaces: *Collect* (on the
Manage Assignments page) and *Autograde* (on a submission's row). nbgrader's collect takes a
submission's owner and time from a folder's name anyone can write, and its autograde runs the
hidden tests in the student's kernel (deploy/jupyterhub/README.md); the service does both safely.

A server extension: Formgrader's pages are rendered without those columns, and the two API calls
behind them answer 409 with the reason, should anything still post them.
"""

from __future__ import annotations

import json

REASON = ("On this hub the grading service collects and grades every submission as it arrives "
          "(python -m grader.service status shows its queue); nbgrader's collect and autograde are off.")
#: Template -> (the hidden column's header, its cells' class), as nbgrader's templates have them.
HIDDEN = {"manage_assignments.tpl": ("Collect", "collect"), "manage_submissions.tpl": ("Autograde", "autograde")}


def hidden_style(name: str, headers: list[str]) -> str:
    """The <style> that hides the column the service replaces on template ``name`` whose table
    headers are ``headers`` (in order); "" for another page."""
    if name not in HIDDEN or HIDDEN[name][0] not in headers:
        return ""
    header, cells = HIDDEN[name]
    return (f"<style>tr > th:nth-child({headers.index(header) + 1}), td.{cells} {{ display: none; }}</style>")


def table_headers(template_source: str) -> list[str]:
    """The text of each <th> of a template, in order."""
    import re

    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<th\b[^>]*>(.*?)</th>", template_source)]


def _jupyter_server_extension_points():
    return [{"module": "formgrader_hub_only"}]


def _load_jupyter_server_extension(serverapp) -> None:
    from nbgrader.server_extensions.formgrader import apihandlers
    from nbgrader.server_extensions.formgrader.base import BaseHandler

    if getattr(BaseHandler, "_hub_only", False):
        return
    original_render = BaseHandler.render

    def render(self, name, **ns):
        html = original_render(self, name, **ns)
        if name not in HIDDEN:
            return html
        env = self.settings["nbgrader_jinja2_env"]
        source = env.loader.get_source(env, name)[0]
        style = hidden_style(name, table_headers(source))
        return html.replace("</head>", style + "</head>", 1) if "</head>" in html else style + html

    def refused(self, *args, **kwargs):
        self.set_status(409)
        self.finish(json.dumps({"success": False, "error": REASON, "log": REASON}))

    BaseHandler.render = render
    apihandlers.CollectHandler.post = refused
    apihandlers.AutogradeHandler.post = refused
    BaseHandler._hub_only = True
    serverapp.log.info("formgrader_hub_only: Collect and Autograde are the grading service's")
