"""The grader's own words (the feedback page, the check command, the judge's score lines) in a
student's language.

The code says them in English, through ``tr``::

    tr("grading seed {seed}", language, seed=result.seed)

English text is the key (as with gettext): ``tr`` looks it up in ``i18n/<language>/interface.md``
(units of kind ``ui``) and formats the result; English, or a text with no translation, is
formatted as it is. ``interface_strings`` finds every text the catalogue needs: the literal first
argument of every ``tr`` call (or ``words.tr``) in the grader, the statuses' descriptions and the
words of nbgrader's feedback template (``feedback.NBGRADER_WORDS``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from grader.i18n.editions import ENGLISH
from grader.i18n.memory import Memory, scope_units
from grader.paths import REPO_ROOT

#: Where ``tr`` calls are looked for.
SOURCE_FOLDERS = ("grader",)


def memory(language: str) -> Memory:
    return Memory.of(scope_units(language, "interface"))


def tr(text: str, language: str = ENGLISH, /, **values) -> str:
    """``text`` in ``language`` (English when there is no translation), formatted with ``values``."""
    if language != ENGLISH:
        text = memory(language).get(text) or text
    return text.format(**values) if values else text


def interface_strings(root: Path = REPO_ROOT) -> list[str]:
    """Every English text of the interface, in a stable order (see the module doc)."""
    from grader.records.jobs import Status

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
    from grader.feedback.feedback_page import NBGRADER_WORDS

    for text in [s.description for s in Status] + list(NBGRADER_WORDS):
        if text not in found:
            found.append(text)
    return found
