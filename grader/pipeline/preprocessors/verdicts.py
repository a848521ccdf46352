"""Give each test cell exactly the judge's score.

nbgrader's ``SaveAutoGrades`` scores a test cell from its outputs, reading them in order: the
first error (or stderr) output gives 0, the first result (``execute_result``) whose text is a
number gives that partial score, and a cell with neither gets full marks. Those outputs came from
the student's kernel, which may print, display, raise or hide anything. This step rewrites them
so that the score is the judge's, and only the judge's:

- the first output becomes the judge's score, as a result: its text is the points (nbgrader reads
  it as the cell's partial score), its HTML the promises the judge found kept and broken;
- a result the kernel displayed (``execute_result``) becomes a plain display, and the kernel's
  errors and stderr stay where they were, after the score: they are shown, never counted;
- a test cell the judge did not pass (failed, partly kept, timed out, not judged) gets, last, an
  error output with the judge's message and the promises; a cell whose exercise the static check
  zeroed scores 0 with the static check's reason.

So a cell scores exactly what the judge gave it (its share of the cell's points), and nothing the
kernel printed, displayed or raised can change that.

A message is made plain where the judge alone cannot see why: when an answer cell of the exercise
(between the previous test cell and this one) does not compile, the message starts with that
cell's line and reason, instead of leaving the student with "name ... is not defined". The
answer cells are compiled here (IPython's transforms, then ``compile``), never run.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from grader.course.model import cell_kind
from grader.i18n.wording import ENGLISH, Words
from grader.judge.judge import Verdict

ERROR_NAMES = {"failed": "HiddenTestFailed", "timed out": "HiddenTestTimedOut", "kernel gone": "KernelGone",
               "not judged": "NotJudged", "judge error": "HiddenTestError"}
#: Continuation lines of a message are indented to sit under its first line in ``grader check``.
INDENT = " " * 10


def error_output(ename: str, evalue: str) -> NotebookNode:
    return NotebookNode(output_type="error", ename=ename, evalue=evalue, traceback=[f"{ename}: {evalue}"])


def score_output(points: float, possible: float, verdict: Verdict | None, execution_count=None, *,
                 note: str = "", words: Words | None = None) -> NotebookNode:
    """The judge's score as the cell's result: ``text/plain`` is the points (what nbgrader reads),
    ``text/html`` says what the judge found, promise by promise."""
    return NotebookNode(output_type="execute_result", execution_count=execution_count, metadata={},
                        data={"text/plain": f"{points:g}",
                              "text/html": score_html(points, possible, verdict, note, words)})




def score_html(points: float, possible: float, verdict: Verdict | None, note: str = "",
               words: Words | None = None) -> str:
    """``Score of the hidden tests: 2 of 3 points``, then each promise, kept or broken (with why)."""
    words = words or ENGLISH
    score = (words.tr("Score of the hidden tests: {points} of {possible} point", points=f"{points:g}",
                      possible=f"{possible:g}") if possible == 1 else
             words.tr("Score of the hidden tests: {points} of {possible} points", points=f"{points:g}",
                      possible=f"{possible:g}"))
    head = f"<p><b>{html.escape(score)}</b>"
    head += f" ({html.escape(note)})</p>" if note else "</p>"
    if verdict is None or not verdict.promises:
        return head
    items = []
    for p in verdict.promises:
        first = p.message.splitlines()[0] if p.message else ""
        mark, why = ((words.tr("kept"), "") if p.kept else
                     (words.tr("broken"), f": {html.escape(words.message(first, p.case))}"))
        items.append(f"<li>{mark}: {html.escape(words.message(p.name))}{why}</li>")
    return head + "<ul>" + "".join(items) + "</ul>"


def promise_lines(verdict: Verdict, words: Words | None = None) -> str:
    """The promises of a partly kept cell, one a line, for the message under the first failure."""
    words = words or ENGLISH
    if not verdict.promises:
        return ""
    kept = sum(p.kept for p in verdict.promises)
    lines = [words.tr("promises kept: {kept} of {total}", kept=kept, total=len(verdict.promises))]
    for p in verdict.promises:
        name = words.message(p.name)
        lines.append(f"  {words.tr('kept')}: {name}" if p.kept else f"  {words.tr('broken')}: {name}")
    return "\n" + "\n".join(INDENT + line for line in lines)


class ApplyVerdicts(NbGraderPreprocessor):
    """Rewrite each test cell's outputs from ``resources["verdicts"]`` and ``resources["zeroed"]``;
    write each test cell's message ("Name: why") to ``report_path`` when the cell lost points."""

    report_path = Unicode("", help="where to write the failed test cells' messages (JSON)").tag(config=True)
    language = Unicode("en", help="the submission's edition: its messages are worded in this language").tag(config=True)
    chapter = Unicode("", help="the English id of the chapter (for a translated edition's labels)").tag(config=True)

    def preprocess(self, nb, resources):
        self._words = Words(self.language, self.chapter)
        self._verdicts = resources.get("verdicts", {})
        self._zeroed = resources.get("zeroed", {})
        self._messages: dict[str, str] = {}
        self._not_compiling = not_compiling(nb.cells)
        self._previous_test = -1
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
        possible = float(cell.metadata["nbgrader"].get("points", 0) or 0)
        outputs = [_inert(o) for o in cell.get("outputs", [])]
        data = self._verdicts.get(grade_id)
        verdict = Verdict.from_dict(data) if data is not None else None
        last, note, words = None, "", self._words
        if grade_id in self._zeroed:
            name = "HeldForReview" if self._zeroed[grade_id].startswith("held for review") else "ForbiddenReference"
            last, points = error_output(name, self._zeroed[grade_id]), 0.0
            note = words.tr("held for review") if name == "HeldForReview" else \
                words.tr("the exercise reaches its reference code")
        elif verdict is None:
            last = error_output("NotJudged", words.tr("the judge did not reach this test cell (the notebook stopped "
                                                      "before it)"))
            points, note = 0.0, words.tr("not judged")
        else:
            points = verdict.points(possible)
            if not verdict.passed:
                why = [self._not_compiling[i] for i in range(self._previous_test + 1, index)
                       if i in self._not_compiling]
                last = error_output(ERROR_NAMES.get(verdict.outcome, "HiddenTestFailed"),
                                    "\n".join([*(words.message(w) for w in why),
                                               words.message(verdict.message, verdict.case)])
                                    + promise_lines(verdict, words))
        shown = None if grade_id in self._zeroed else verdict
        cell.outputs = [score_output(points, possible, shown, cell.get("execution_count"), note=note, words=words),
                        *outputs,
                        *([last] if last is not None else [])]
        if last is not None:
            self._messages[grade_id] = f"{last.ename}: {last.evalue}".rstrip(": ")
        self._previous_test = index
        return cell, resources


#: Answer cells longer than this are not compiled here (the static check reports what it finds).
MAX_COMPILED = 200_000


def not_compiling(cells) -> dict[int, str]:
    """Index -> why, for each answer cell that does not compile: "the answer cell NAME does not
    compile, so nothing in it was defined: line 2: '(' was never closed: grad = np.zeros(x.shape"."""
    from IPython.core.inputtransformer2 import TransformerManager

    found = {}
    for index, cell in enumerate(cells):
        if cell.cell_type != "code" or cell_kind(cell) != "answer" or len(cell.source) > MAX_COMPILED:
            continue
        try:
            compile(TransformerManager().transform_cell(cell.source), "<answer cell>", "exec")
        except SyntaxError as error:
            where = f"line {error.lineno}: " if error.lineno else ""
            text = f": {error.text.strip()}" if error.text and error.text.strip() else ""
            found[index] = f"{where}{error.msg}{text}"
        except (ValueError, RecursionError, MemoryError) as error:  # null bytes; nesting too deep
            found[index] = f"{type(error).__name__}: {error}"
        else:
            continue
        grade_id = cell.metadata["nbgrader"].get("grade_id", "")
        found[index] = f"the answer cell {grade_id} does not compile, so nothing in it was defined: {found[index]}"
    return found


def _inert(output: NotebookNode) -> NotebookNode:
    if output.get("output_type") != "execute_result":
        return output
    return NotebookNode(output_type="display_data", data=output.get("data", {}), metadata=output.get("metadata", {}))
