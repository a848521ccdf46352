"""The "Your engine so far" section that ends chapters 3, 4, 8, 9 and 12: the chapter's milestone
run on the student's engine, from inside the chapter's notebook.

A student's notebook sits in its chapter's folder of the work folder (``NN_slug/NN_slug.ipynb``, as
fetched), so the work folder is the parent of the notebook's folder: the pieces of the chapters up to
this one are assembled from it (``assembly.assemble``), each the student's or the course's with the
reason, and the milestone runs on them. A built solution (the build sets ``SOLUTIONS_BUILD``) puts
the course's own answers in instead, without running a notebook (``solved.solutions_assembly``):
the build stays byte-reproducible, fast, and needs no torch in chapter 9. Inside an assembly (a
chapter's notebook run by ``notebook_run``) the section does nothing. What is printed holds on every
machine: no timing and no round-off residual, only the bound each comparison met. Its own sentences
are in the notebook's edition (``grader.i18n.interface.tr``); the table is the command's, in English.

Chapter 9's kernel has no torch: its section trains the digits network for a few epochs on the
student's engine and on the course's library, from the same initial weights, and leaves torch
(and the full run) to ``python -m grader engine``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from grader.engine.milestone_table import Result, piece_lines, run_milestone
from grader.engine.milestones import MILESTONES, Milestone, Mismatch
from grader.engine.notebook_run import running
from grader.i18n.editions import language_of
from grader.i18n.interface import tr
from grader.paths import SOLUTIONS_BUILD

#: Set in the environment of the kernels that execute the built solutions (``grader.course.build``).

def _shown(name: str, language: str) -> str:
    """What a milestone showed when it passed (its comparison's bound, the one ``milestones`` checks)."""
    return {
        "graph": tr("a graph with a reused node and a two-output node: its loss and gradients equal "
                    "torch's (float64, within 1e-9)", language),
        "batched": tr("a batched two-layer network: its loss and gradients equal torch's (float64, "
                      "within 1e-9)", language),
        "mlp": tr("an MLP of your Module, Linear and LinearFunction: its output and gradients equal "
                  "torch's (float64, within 1e-9)", language),
        "digits": tr("a digits classifier trained with your engine, loss and SGD: its loss curve equals "
                     "the course library's, from the same initial weights (within 1e-9)", language),
        "jacobian": tr("a Jacobian built from your forward mode equals torch's (float64, within 1e-9)",
                       language),
    }[name]


@dataclass
class SectionRun:
    """What the section ran: the milestone's result, and for the digits the two loss curves."""

    result: Result | None = None
    losses: dict[str, list[float]] = field(default_factory=dict)  # "yours", "course": per epoch
    accuracy: dict[str, float] = field(default_factory=dict)


def your_engine(milestone: str, epochs: int = 5) -> SectionRun:
    """Assemble the student's engine up to ``milestone``'s chapter, print its table, run the
    milestone and print what it showed (``epochs``: the digits' short run)."""
    if running():
        return SectionRun()
    chosen = next(m for m in MILESTONES if m.name == milestone)
    language = language_of(Path.cwd().name)  # the edition of the notebook, by its folder (zh_03_...)
    if os.environ.get(SOLUTIONS_BUILD):
        from grader.engine.solved import solutions_assembly

        assembly = solutions_assembly(chosen.chapter)
        print(tr("(The built solutions put in the course's own answers; your notebook puts in yours.)", language))
    else:
        from grader.engine.assembly import assemble

        assembly = assemble(Path.cwd().parent, chosen.chapter)
    print("\n".join(piece_lines(assembly)))
    print()
    section = SectionRun()
    if milestone == "digits":
        chosen, options = _digits_beside_the_course(section, epochs)
    else:
        options = {}
    result = run_milestone(assembly, chosen, **options)
    section.result = result
    course = [u["piece"] for u in result.uses if u["source"] == "course"]
    if result.passed:
        print(tr("milestone {name}: passed, {shown}.", language, name=result.name,
                 shown=_shown(result.name, language)))
        if course:
            print(tr("  with the course's pieces: {pieces}", language, pieces=", ".join(course)))
        if section.accuracy:
            print(tr("  test accuracy after {epochs} epochs: yours {yours}, the course's {course}", language,
                     epochs=epochs, yours=f"{section.accuracy['yours']:.1%}",
                     course=f"{section.accuracy['course']:.1%}"))
    else:
        print(tr("milestone {name}: FAILED", language, name=result.name))
        print(f"  {result.error}")
        print(tr("  caused by your piece: {piece}", language, piece=result.culprit) if result.culprit else
              tr("  no single piece of yours explains it", language))
    return section


def _digits_beside_the_course(section: SectionRun, epochs: int) -> tuple[Milestone, dict]:
    """The digits milestone of a notebook: the course's library trains first (here, with the
    installed library), then the student's engine, compared epoch by epoch."""
    import autograd_lib
    from grader.engine.digits import load, train_engine

    data = load()
    course = train_engine(autograd_lib, data, epochs)
    section.losses["course"] = course["losses"]
    section.accuracy["course"] = course["accuracy"]

    def beside_the_course(lib, **_) -> dict:
        yours = train_engine(lib, data, epochs)
        if "yours" not in section.losses:  # the first run is the student's engine (blame runs after)
            section.losses["yours"], section.accuracy["yours"] = yours["losses"], yours["accuracy"]
        gap = float(np.max(np.abs(np.array(yours["losses"]) - np.array(course["losses"]))))
        if gap > 1e-9:
            raise Mismatch(f"your loss curve differs from the course library's by {gap:.3g}")
        return {"test_accuracy": yours["accuracy"]}

    digits = next(m for m in MILESTONES if m.name == "digits")
    return Milestone(digits.name, digits.chapter, digits.uses, beside_the_course), {}
