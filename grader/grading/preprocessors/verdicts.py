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

from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor

from grader.course.model import cell_kind

ERROR_NAMES = {"failed": "HiddenTestFailed", "timed out": "HiddenTestTimedOut", "kernel gone": "KernelGone",
               "not judged": "NotJudged", "judge error": "HiddenTestError"}


def error_output(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


class ApplyVerdicts(NbGraderPreprocessor):
    """Rewrite each test cell's outputs from ``resources["verdicts"]`` and ``resources["zeroed"]``."""

    def preprocess(self, nb, resources):
        self._verdicts = resources.get("verdicts", {})
        self._zeroed = resources.get("zeroed", {})
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code" or cell_kind(cell) != "test":
            return cell, resources
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        outputs = [_inert(o) for o in cell.get("outputs", [])]
        verdict = self._verdicts.get(grade_id)
        if grade_id in self._zeroed:
            outputs.append(error_output("ForbiddenReference", self._zeroed[grade_id]))
        elif verdict is None:
            outputs.append(error_output("NotJudged", "the judge did not reach this test cell "
                                                     "(the notebook stopped before it)"))
        elif verdict["outcome"] != "passed":
            outputs.append(error_output(ERROR_NAMES.get(verdict["outcome"], "HiddenTestFailed"), verdict["message"]))
        cell.outputs = outputs
        return cell, resources


def _inert(output: NotebookNode) -> NotebookNode:
    if output.get("output_type") != "execute_result":
        return output
    return NotebookNode(output_type="display_data", data=output.get("data", {}), metadata=output.get("metadata", {}))
