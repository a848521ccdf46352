"""The grader's own words (the feedback page, the check command, the judge's score lines) in a
student's language.

The code says them in English, through ``tr``::

    tr("grading seed {seed}", language, seed=result.seed)

English text is the key (as with gettext): ``tr`` looks it up in ``i18n/<language>/interface.md``
(units of kind ``ui``) and formats the result; English, or a text with no translation, is
formatted as it is. Which texts the catalogue needs is found by the translators' tools
(``grader.translation.interface_strings``).
"""

from __future__ import annotations

from grader.i18n.editions import ENGLISH
from grader.i18n.memory import Memory, scope_units


def memory(language: str) -> Memory:
    return Memory.of(scope_units(language, "interface"))


def tr(text: str, language: str = ENGLISH, /, **values) -> str:
    """``text`` in ``language`` (English when there is no translation), formatted with ``values``."""
    if language != ENGLISH:
        text = memory(language).get(text) or text
    return text.format(**values) if values else text
