"""The step that stops an exercise from being answered by calling its reference implementation.

Each test cell whose exercise names library code (``library:`` on its answer cells) gets one
first line from ``testkit.guard_line``: while the cell runs, those references raise
``ForbiddenReference``, and the feedback says which one was called. The map comes from the
course's own source notebook, never from the submission.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from nbgrader.utils import is_grade, is_solution
from traitlets import Dict

from grader.authoring import forbidden_references
from grader.testkit import guard_line


def guards_for_assignment(source_folder: Path) -> dict[str, list]:
    """``{test grade_id: [names, exercise]}`` over the assignment's source notebooks."""
    guards: dict[str, list] = {}
    for path in sorted(Path(source_folder).glob("*.ipynb")):
        for grade_id, (names, exercise) in forbidden_references(nbformat.read(path, 4)).items():
            guards[grade_id] = [list(names), exercise]
    return guards


class ForbidReferences(NbGraderPreprocessor):
    """Put the guard line on top of every test cell that has references to forbid."""

    guards = Dict(help="test grade_id -> [reference names, exercise]").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and is_grade(cell) and not is_solution(cell):
            entry = self.guards.get(cell.metadata["nbgrader"].get("grade_id"))
            if entry:
                cell.source = guard_line(*entry) + cell.source
        return cell, resources
