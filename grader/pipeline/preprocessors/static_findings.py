"""The pipeline's step that applies the judge's static rules to a submission, before its kernel starts:
references zero an exercise, machinery zeroes the notebook (held for review), other dynamic
access flags.

The rules are the trusted side's (``grader.judge.static_rules``); this nbgrader step feeds them the
submitted notebook's cells and records what they found. The course's facts come from its own
source notebook (through configuration), never from the submission: which cells are the course's
(their text), each exercise's reference names (the ``library:`` and ``copies:`` metadata of its
answer cells) and its test cells.
"""

from __future__ import annotations

import json
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Dict, List, Unicode

from grader.course.model import HIDDEN_BLOCK, cell_kind
from grader.judge.static_rules import MACHINERY, REFERENCE, CodeCell, check


class StaticCheck(NbGraderPreprocessor):
    """Find references and dynamic access in the student's cells (see the module doc)."""

    references = Dict(help="exercise -> dotted names of its reference code").tag(config=True)
    exercise_tests = Dict(help="exercise -> grade ids of its test cells").tag(config=True)
    course_cells = List(Unicode(), help="the text of the course's own code cells").tag(config=True)
    exercise_answers = Dict(help="exercise -> grade ids of its answer cells (the source's, not the "
                                 "submission's metadata)").tag(config=True)
    answer_names = Dict(help="exercise -> the names its answer cells bind").tag(config=True)
    report_path = Unicode("", help="where to write the findings (JSON)").tag(config=True)

    def preprocess(self, nb, resources):
        course = {text.strip() for text in self.course_cells}
        # which exercise an answer cell answers is the source's word, never the submission's
        # metadata (a student could rename it to escape the exercise's torch references)
        answer_of = {g: e for e, ids in self.exercise_answers.items() for g in ids}
        cells, positions = [], {}
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            kind = cell_kind(cell)
            if kind == "test":
                positions[cell.metadata["nbgrader"]["grade_id"]] = index
            by_student = kind == "answer" or (kind != "test" and cell.source.strip() not in course)
            # a test cell's hidden tests run in the judge, not in the notebook: their names do not count
            exercise = None
            if kind == "answer":
                grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
                exercise = answer_of.get(grade_id) if answer_of else cell.metadata.get("exercise")
            cells.append(CodeCell(index, HIDDEN_BLOCK.sub("", cell.source), by_student, exercise))
        last_test = {exercise: max((positions[g] for g in tests if g in positions), default=-1)
                     for exercise, tests in self.exercise_tests.items()}
        findings = check(cells, self.references, last_test, self.answer_names)
        zeroed = {}
        for finding in findings:
            if finding.kind == REFERENCE:
                for grade_id in self.exercise_tests.get(finding.exercise, []):
                    zeroed.setdefault(grade_id, f"cell {finding.cell}: {finding.message}")
        held = [f for f in findings if f.kind == MACHINERY]
        if held:
            why = (f"held for review with 0 points: cell {held[0].cell}, {held[0].message}; answers may not "
                   "reach the grading machinery or run code they build at run time")
            for tests in self.exercise_tests.values():
                for grade_id in tests:
                    zeroed[grade_id] = why
        resources["zeroed"] = zeroed
        resources["static_findings"] = [f.__dict__ for f in findings]
        if self.report_path:
            Path(self.report_path).write_text(json.dumps(resources["static_findings"], indent=1))
        return nb, resources
