"""Take the hidden tests out of every test cell before the kernel runs it.

nbgrader's ``OverwriteCells`` has put the course's test cells back, hidden tests included; the
hidden tests are the judge's code and must never reach the student's kernel. Each block becomes
one comment line (or, with ``show_source``, the block as comments, for feedback that shows it).
"""

from __future__ import annotations

from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Bool, Unicode

from grader.course.model import HIDDEN_BLOCK, cell_kind
from grader.i18n.interface import tr


class SeparateHiddenTests(NbGraderPreprocessor):
    """Replace each hidden-test block of a test cell by a comment (see the module doc)."""

    show_source = Bool(False, help="keep the hidden tests as comments, for the feedback").tag(config=True)
    language = Unicode("en", help="the submission's edition: the note is in its language").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and cell_kind(cell) == "test":
            cell.source = HIDDEN_BLOCK.sub(self._replacement, cell.source)
        return cell, resources

    def _replacement(self, match) -> str:
        note = "# " + tr("Hidden tests: judged by the grader, outside your kernel; their outcome is below.",
                         self.language) + "\n"
        if not self.show_source:
            return note
        lines = match.group(0).rstrip("\n").splitlines()
        return note + "".join(f"# {line}\n" if line.strip() else "#\n" for line in lines)
