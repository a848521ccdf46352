"""The course's catalogue of mistakes: known-wrong implementations, each explained for a student.

A chapter keeps them in ``course/NN_slug/known_wrong/<answer grade_id>__<name>.py``. Each file
replaces that answer cell with a plausible wrong answer; its header explains the mistake::

    # visible: passes
    # mistake: stores instead of accumulating
    # why: a node reached by two paths keeps only the last gradient, so b = a + a; c = b + b gives 1.
    # see: Reused nodes: gradients that meet are summed
    # hint: when a slot already holds a gradient, what must happen to the next one?

The course's tests prove that the hidden tests reject every one of them; the judge uses them to
name the mistake a failing answer behaves like.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FIELDS = ("mistake", "why", "see", "hint")
HEADER_LINE = re.compile(r"#\s*(unusual|visible|mistake|why|see|hint):\s*(.*\S)\s*$")


@dataclass(frozen=True)
class KnownWrong:
    """A plausible mistake: the answer cell it replaces, its code, and its explanation."""

    chapter_id: str
    answer_id: str
    name: str
    code: str
    passes_visible: bool
    mistake: str = ""
    why: str = ""
    see: str = ""
    hint: str = ""

    @classmethod
    def from_file(cls, path: Path) -> KnownWrong:
        answer_id, _, name = path.stem.partition("__")
        code = path.read_text()
        header = {}
        for line in code.splitlines():
            match = HEADER_LINE.fullmatch(line.strip())
            if not match:
                break
            header[match.group(1)] = match.group(2)
        if header.get("visible") not in ("passes", "fails"):
            raise ValueError(f"{path}: the header needs '# visible: passes' or '# visible: fails'")
        return cls(_chapter_of(path), answer_id, name, code, header["visible"] == "passes",
                   **{f: header.get(f, "") for f in FIELDS})

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("answer_id", "name", "code", "passes_visible", *FIELDS)}

    def missing_fields(self) -> list[str]:
        """The explanation fields this file's header lacks."""
        return [f for f in FIELDS if not getattr(self, f)]


def _chapter_of(path: Path) -> str:
    folder = Path(path).parent
    return folder.parent.name if folder.name in ("known_wrong", "unusual_correct") else folder.name


def known_wrong(chapter_folder: Path) -> list[KnownWrong]:
    """The known-wrong implementations of the chapter in ``chapter_folder``."""
    folder = Path(chapter_folder) / "known_wrong"
    return [KnownWrong.from_file(p) for p in sorted(folder.glob("*.py"))] if folder.is_dir() else []
