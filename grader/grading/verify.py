"""Zero every test cell that did not really run to its end.

Hidden tests end with ``testkit.passed("<grade_id>")``, which prints a mark derived from a token
the grader chose for this run. A test cell that was skipped, blanked or rewritten (an IPython
input transformer, a ``pre_run_cell`` hook, a suppressed traceback) does not print it; a cell run
after the tests' helpers were replaced prints a *tampered* line instead. ``VerifyCompletion`` runs
right after execution, before nbgrader saves the grades: such a cell gets an error output, so
nbgrader scores it 0 and the feedback says why. The mark lines themselves are removed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from grader.authoring import cell_kind
from grader.grading.execute import error_output
from grader.testkit import completion_mark

PASSED_CALL = re.compile(r"""passed\(\s*["']([^"']+)["']\s*\)""")
COURSE_LINE = re.compile(r"^\[course\] .*(?:\n|$)", re.MULTILINE)
TAMPERED = re.compile(r"^\[course\] (\S+) tampered: (.*)$", re.MULTILINE)


def expected_marks(source: str) -> list[str]:
    """The grade ids whose completion a test cell's source promises to report."""
    return PASSED_CALL.findall(source)


class VerifyCompletion(NbGraderPreprocessor):
    """Give an error output to each test cell whose completion mark is missing (see module doc)."""

    token = Unicode("", help="the completion token of this grading run").tag(config=True)
    report_path = Unicode("", help="where to write the cells found incomplete (JSON)").tag(config=True)

    def preprocess(self, nb, resources):
        self._findings: list[dict] = []
        nb, resources = super().preprocess(nb, resources)
        if self.report_path:
            Path(self.report_path).write_text(json.dumps(self._findings, indent=1))
        return nb, resources

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code" or cell_kind(cell) != "test":
            return cell, resources
        nbg = cell.metadata["nbgrader"]
        text = "".join(o.get("text", "") for o in cell.outputs
                       if o.get("output_type") == "stream" and o.get("name") == "stdout")
        tampered = TAMPERED.findall(text)
        missing = [gid for gid in expected_marks(cell.source)
                   if completion_mark(self.token, gid) not in text]
        _strip_course_lines(cell)
        if not missing and not tampered:
            return cell, resources
        grade_id = nbg.get("grade_id", f"cell {index}")
        already_failed = any(o.get("output_type") == "error" for o in cell.outputs)
        if tampered:
            what = "; ".join(sorted({reason for _, reason in tampered}))
            message = (f"the tests did not count: what they rely on was changed before they ran "
                       f"({what})")
            self._findings.append({"grade_id": grade_id, "kind": "flagged", "message": message})
            cell.outputs.append(error_output("TamperingDetected", message))
        elif not already_failed:
            message = ("this test cell did not run to its end (its completion mark is missing): "
                       "it was skipped, blanked or rewritten while it ran")
            self._findings.append({"grade_id": grade_id, "kind": "flagged", "message": message})
            cell.outputs.append(error_output("IncompleteTestCell", message))
        return cell, resources


def _strip_course_lines(cell) -> None:
    kept = []
    for output in cell.outputs:
        if output.get("output_type") == "stream" and "[course]" in output.get("text", ""):
            output["text"] = COURSE_LINE.sub("", output["text"])
            if not output["text"]:
                continue
        kept.append(output)
    cell.outputs = kept
