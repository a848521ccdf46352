"""Every English text of the grader's interface that a translated edition's catalogue
(``i18n/<language>/interface.md``) must hold: the literal first argument of every ``tr`` call (or
``words.tr``) in the grader, the statuses' descriptions and the words of nbgrader's feedback
template (``feedback_page.NBGRADER_WORDS``)."""

from __future__ import annotations

import ast
from pathlib import Path

from grader.feedback.feedback_page import NBGRADER_WORDS
from grader.paths import REPO_ROOT
from grader.records.jobs import Status

#: Where ``tr`` calls are looked for.
SOURCE_FOLDERS = ("grader",)


def interface_strings(root: Path = REPO_ROOT) -> list[str]:
    """Every English text of the interface, in a stable order (see the module doc)."""
    found: list[str] = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((Path(root) / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                name = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    else getattr(getattr(node, "func", None), "id", "")
                if (isinstance(node, ast.Call) and name == "tr" and node.args
                        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                    if node.args[0].value not in found:
                        found.append(node.args[0].value)
    for text in [s.description for s in Status] + list(NBGRADER_WORDS):
        if text not in found:
            found.append(text)
    return found
