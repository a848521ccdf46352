"""Run the course's own notebook in-process, with some answer cells replaced.

Running a notebook through nbgrader costs seconds; running its cells with ``exec`` in one Python
namespace costs milliseconds. The hidden tests are judged exactly as in grading (the same
``Judge``, the same static check); only the channel to the "kernel" is in-process
(``LoopbackChannel``), which isolates nothing. So this runs only the course's own code: its
solutions, its known-wrong implementations (to learn how each mistake behaves, for the diagnosis)
and, in the course's tests, answers written by the course's authors. It never runs a submission.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

import nbformat

from grader.course.model import HIDDEN_BLOCK, SOLUTION_BLOCK, cell_kind, exercise_references, exercises, hidden_tests
from grader.judge.channel import LoopbackChannel
from grader.judge.diagnose import Transcript
from grader.judge.judge import Judge
from grader.judge.releases import Releases


@dataclass(frozen=True)
class CellOutcome:
    """A test cell: full marks or not (passed), its share of the points (score, the judge's), why not
    (message), and whether its visible part passed."""

    grade_id: str
    passed: bool
    message: str = ""
    visible_passed: bool = True
    outcome: str = "passed"
    case: tuple[str, ...] = ()
    score: float = 1.0


DEFAULT_SEED = 20261129


@dataclass
class Rehearsal:
    """What an in-process run gives: each test cell's outcome, and the diagnosis runs asked for."""

    outcomes: dict[str, CellOutcome]
    transcripts: dict[str, Transcript]


def rehearse(
    nb: nbformat.NotebookNode,
    replacements: dict[str, str] | None = None,
    *,
    visible_only: bool = False,
    cwd: Path | None = None,
    seed: int = DEFAULT_SEED,
    record: Collection[str] = (),
    only_record: bool = False,
    judge_only: Collection[str] = (),
    releases: Releases | None = None,
    guard_report=None,
) -> Rehearsal:
    """Execute the code cells of a source notebook in one namespace; return each test's outcome.

    ``replacements`` maps an answer cell's grade_id to the code that replaces it. An answer cell
    without a replacement runs the solution (markers stripped). Each test cell runs its visible
    part in the namespace, then the judge runs its hidden tests against the namespace; with
    ``visible_only`` the judge is skipped. A test cell scores what the judge gave it (its visible
    part's errors are shown, never counted, as in grading), or 0 when the static check zeroed its
    exercise; it passes when that is full marks. Errors in other
    cells are kept going past, as nbgrader does. For the test cells in ``record`` a diagnosis run
    follows the verdict (``Judge.record``); with ``only_record`` no other cell is judged and the run
    stops after the last of them (what the diagnosis catalogue needs, at a fraction of the cost);
    a test cell left unjudged that way still counts as judged for ``releases``, so an earlier
    exercise's code comes back as it does in grading. ``judge_only`` does the same for its test
    cells without the diagnosis runs: the run ends once they are judged. The cells before an
    answer cell run as the solution's whatever replaces that answer, so an earlier test cell left
    unjudged scores what the solution's does; it is left out of the outcomes unless the static
    check zeroes it (the replaced code calls its reference), which costs nothing to say, so a
    zeroed test cell is in the outcomes whether or not the run reached it.

    Run in a process that imports a chapter's kernel library (``kernel_library``, as
    ``rehearsal_process`` does), ``releases`` gives each exercise's code back once its tests are
    judged, as in grading; with the runtime guard installed, ``guard_report`` is its record, and a
    notebook that tripped it scores 0 everywhere, held for review.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    replacements = replacements or {}
    namespace: dict = {"__name__": "__main__"}
    judge = Judge(hidden_tests(nb), seed)
    channel = LoopbackChannel(namespace, guard_report)
    if releases is not None:
        releases.reset(channel)
    zeroed = _zeroed_tests(nb, replacements, exercise_references(nb))
    only = set(record) if only_record else set(judge_only)
    outcomes: dict[str, CellOutcome] = {}
    transcripts: dict[str, Transcript] = {}
    directory = contextlib.chdir(cwd) if cwd is not None else contextlib.nullcontext()
    with directory, contextlib.redirect_stdout(io.StringIO()):
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            kind = cell_kind(cell)
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", cell.get("id"))
            source = replacements.get(grade_id, SOLUTION_BLOCK.sub("", cell.source))
            visible_error = _run(HIDDEN_BLOCK.sub("", source), grade_id, namespace)
            plt.close("all")
            if kind != "test":
                continue
            if only and grade_id not in only:
                if releases is not None:  # grading judged it (the solution passes): its code comes back
                    releases.after(grade_id, channel)
                continue
            if visible_only:
                outcomes[grade_id] = CellOutcome(grade_id, visible_error is None, visible_error or "",
                                                 visible_error is None, score=float(visible_error is None))
                continue
            if releases is not None:
                releases.before(grade_id, channel)
            verdict = judge.judge(grade_id, channel)
            plt.close("all")
            message = zeroed.get(grade_id) or verdict.message or visible_error or ""
            score = 0.0 if grade_id in zeroed else verdict.score
            outcomes[grade_id] = CellOutcome(grade_id, score == 1.0, "" if score == 1.0 else message,
                                             visible_error is None, verdict.outcome, verdict.case, score)
            if grade_id in record:
                transcripts[grade_id] = judge.record(grade_id, channel) or []
                plt.close("all")
            if releases is not None:
                releases.after(grade_id, channel)
            if only and only <= (set(transcripts) if only_record else set(outcomes)):
                break
    for grade_id, why in zeroed.items() if only else ():  # the cells the run ended before, too
        outcomes.setdefault(grade_id, CellOutcome(grade_id, False, why, True, "zeroed", (), 0.0))
    if releases is not None and (releases.refusals or releases.problems):
        held = f"HeldForReview: {'; '.join(releases.refusals or releases.problems)}"
        outcomes = {g: CellOutcome(g, False, held, o.visible_passed, "held", o.case, 0.0) for g, o in outcomes.items()}
    return Rehearsal(outcomes, transcripts)


def _run(source: str, grade_id: str, namespace: dict) -> str | None:
    """Run ``source`` in ``namespace``; the error it raised, as "Name: message", or None."""
    try:
        exec(compile(source, f"<cell {grade_id}>", "exec"), namespace)
    except BaseException as error:  # a cell may raise anything, SystemExit included
        return f"{type(error).__name__}: {error}"
    return None


def _zeroed_tests(nb, replacements: dict[str, str], references: dict[str, list[str]]) -> dict[str, str]:
    """Test cells whose exercise the static check zeroes (a replaced answer calls its reference)."""
    from grader.judge.static_rules import MACHINERY, REFERENCE, CodeCell, check

    cells, positions, tests = [], {}, {}
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        kind = cell_kind(cell)
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if kind == "test":
            positions[grade_id] = index
        source = HIDDEN_BLOCK.sub("", replacements.get(grade_id, SOLUTION_BLOCK.sub("", cell.source)))
        cells.append(CodeCell(index, source, by_student=kind == "answer" and grade_id in replacements,
                              exercise=cell.metadata.get("exercise") if kind == "answer" else None))
    for exercise in exercises(nb):
        tests[exercise.name] = list(exercise.test_ids)
    last = {name: max(positions[t] for t in ids) for name, ids in tests.items() if ids}
    zeroed = {}
    for finding in check(cells, references, last):
        if finding.kind == REFERENCE:
            for grade_id in tests.get(finding.exercise, []):
                zeroed.setdefault(grade_id, f"ForbiddenReference: {finding.message}")
        elif finding.kind == MACHINERY:
            for grade_id in (g for ids in tests.values() for g in ids):
                zeroed[grade_id] = f"HeldForReview: {finding.message}"
    return zeroed
