"""Give each test cell exactly the judge's score.

nbgrader's ``SaveAutoGrades`` scores a test cell from its outputs: an error output gives 0, a
number printed as the cell's result gives that partial score, anything else full marks. Those
outputs came from the student's kernel, which may print, display or hide anything. This step
rewrites them so that the score is the judge's:

- a result the kernel displayed (``execute_result``) becomes a plain display: it can no longer
  be read as a partial score;
- an error the kernel raised in the visible part stays: the kernel may lower a score;
- a test cell the judge did not pass (failed, timed out, not judged) or whose exercise the static
  check zeroed gets an error output with the judge's message.

So a cell scores full marks only when the judge passed it and the kernel raised nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from grader.course.model import cell_kind

ERROR_NAMES = {"failed": "HiddenTestFailed", "timed out": "HiddenTestTimedOut", "kernel gone": "KernelGone",
               "not judged": "NotJudged", "judge error": "HiddenTestError"}


def error_output(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


class ApplyVerdicts(NbGraderPreprocessor):
    """Rewrite each test cell's outputs from ``resources["verdicts"]`` and ``resources["zeroed"]``;
    write each failed test cell's message ("Name: why") to ``report_path``."""

    report_path = Unicode("", help="where to write the failed test cells' messages (JSON)").tag(config=True)

    def preprocess(self, nb, resources):
        self._verdicts = resources.get("verdicts", {})
        self._zeroed = resources.get("zeroed", {})
        self._messages: dict[str, str] = {}
        nb, resources = super().preprocess(nb, resources)
        if self.report_path:  # one file for the assignment's notebooks: "notebook/grade_id" -> message
            path = Path(self.report_path)
            known = json.loads(path.read_text()) if path.exists() else {}
            notebook = resources.get("unique_key", "notebook")
            known.update({f"{notebook}/{g}": m for g, m in self._messages.items()})
            path.write_text(json.dumps(known, indent=1, sort_keys=True))
        return nb, resources

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code" or cell_kind(cell) != "test":
            return cell, resources
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        outputs = [_inert(o) for o in cell.get("outputs", [])]
        verdict = self._verdicts.get(grade_id)
        if grade_id in self._zeroed:
            name = "HeldForReview" if self._zeroed[grade_id].startswith("held for review") else "ForbiddenReference"
            outputs.append(error_output(name, self._zeroed[grade_id]))
        elif verdict is None:
            outputs.append(error_output("NotJudged", "the judge did not reach this test cell "
                                                     "(the notebook stopped before it)"))
        elif verdict["outcome"] != "passed":
            outputs.append(error_output(ERROR_NAMES.get(verdict["outcome"], "HiddenTestFailed"), verdict["message"]))
        cell.outputs = outputs
        errors = [o for o in outputs if o.get("output_type") == "error"]
        if errors:
            self._messages[grade_id] = f"{errors[-1].get('ename')}: {errors[-1].get('evalue')}".rstrip(": ")
        return cell, resources


def _inert(output: NotebookNode) -> NotebookNode:
    if output.get("output_type") != "execute_result":
        return output
    return NotebookNode(output_type="display_data", data=output.get("data", {}), metadata=output.get("metadata", {}))
