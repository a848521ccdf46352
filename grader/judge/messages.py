"""Failure messages with their numbers set aside: one mistake made by 80 students is one line (the
class report groups them), and two runs that fail the same way read the same (the diagnosis).

A message carries the values of one random test case: ``grad of weight differs from torch at
index (2, 1): 0.31 vs 0.29``. ``normalise`` keeps its words and replaces what changes from one
seed to the next: numbers become ``<n>``, shapes ``<n>x<n>``, tuples and arrays of values ``(…)``
and ``[…]``; only the first line is kept (a Jacobian dump follows on the next lines). Messages
with the same normal form are one group.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SHAPE = re.compile(r"(?<![\w.])\d+(?:x\d+)+(?![\w.])")
_NUMBER = re.compile(rf"(?<![\w.]){NUMBER}(?![\w])")
_PLACEHOLDER = "<n>"
# what may stand inside a bracket of values, once numbers are placeholders
_VALUE = r"(?:<n>|<n>x<n>|\(…\)|\[…\]|True|False|None|nan|inf|yes|no|\.\.\.|…)"
_ITEM = rf"(?:\w+\s*=\s*)?(?:np\.\w+\(<n>\)|{_VALUE})"
_TUPLE = re.compile(rf"\(\s*(?:{_ITEM}\s*,?\s*)*\)")
_LIST = re.compile(rf"\[\s*(?:{_ITEM}\s*,?\s*)*\]")
MAX_LENGTH = 240


def normalise(message: str) -> str:
    """The message with its values replaced: equal for the same mistake on other random inputs.

    >>> normalise("grad of weight differs from torch at index (2, 1): 0.31 vs 0.29")
    'grad of weight differs from torch at index (…): <n> vs <n>'
    """
    lines = [line.strip() for line in str(message).strip().splitlines() if line.strip()]
    text = lines[0] if lines else ""
    text = _SHAPE.sub("<n>x<n>", text)
    text = _NUMBER.sub(_PLACEHOLDER, text)
    for _ in range(6):  # innermost brackets first: ((1, 2), (3, 4)) -> ((…), (…)) -> (…)
        new = _LIST.sub("[…]", _TUPLE.sub("(…)", text))
        if new == text:
            break
        text = new
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= MAX_LENGTH else text[:MAX_LENGTH - 1] + "…"


@dataclass
class MessageGroup:
    """Failures of one exercise whose messages have the same normal form."""

    pattern: str
    students: list[str] = field(default_factory=list)
    examples: Counter = field(default_factory=Counter)

    @property
    def count(self) -> int:
        return len(self.students)

    @property
    def example(self) -> str:
        """The most frequent message of the group, as a student saw it (first line)."""
        return self.examples.most_common(1)[0][0] if self.examples else ""


def group_messages(failures: list[tuple[str, str]]) -> list[MessageGroup]:
    """``(student, message)`` pairs -> groups, the most frequent first (ties by pattern).

    A student is counted once per group even when several test cells failed the same way.
    """
    groups: dict[str, MessageGroup] = {}
    for student, message in failures:
        pattern = normalise(message)
        group = groups.setdefault(pattern, MessageGroup(pattern))
        if student not in group.students:
            group.students.append(student)
        first = str(message).strip().splitlines()[0].strip() if str(message).strip() else ""
        group.examples[first[:MAX_LENGTH]] += 1
    return sorted(groups.values(), key=lambda g: (-g.count, g.pattern))
