"""Run the milestones on an assembly, find the piece behind a failure, and print the table."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from grader.engine.assembly import Assembly
from grader.engine.milestones import MILESTONES, Milestone


@dataclass
class Result:
    name: str
    passed: bool
    uses: list[dict] = field(default_factory=list)  # [{"piece": grade_id, "source": "yours"|"course"}]
    figures: dict = field(default_factory=dict)
    error: str = ""
    culprit: str = ""  # the student's piece whose course version makes it pass

    def as_dict(self) -> dict:
        figures = dict(self.figures)
        if self.error:
            figures["error"] = self.error
        if self.culprit:
            figures["culprit"] = self.culprit
        return {"name": self.name, "passed": self.passed, "uses": self.uses, "figures": figures}


def _attempt(milestone: Milestone, engine, **options) -> tuple[dict, str]:
    with engine.active() as lib:
        try:
            return milestone.run(lib, **options), ""
        except Exception as error:  # noqa: BLE001  (the student's code may raise anything)
            return {}, f"{type(error).__name__}: {error}".splitlines()[0][:300]


def run_milestone(assembly: Assembly, milestone: Milestone, **options) -> Result:
    figures, error = _attempt(milestone, assembly.engine, **options)
    uses = [{"piece": g, "source": assembly.source_of(g)} for g in milestone.uses]
    result = Result(milestone.name, not error, uses, figures, error)
    if error:
        result.culprit = blame(assembly, milestone, **options)
    return result


def blame(assembly: Assembly, milestone: Milestone, **options) -> str:
    """The first of the student's pieces that the milestone uses whose course version alone makes
    it pass (one at a time, in the milestone's order); "" when none does."""
    options = {**options, "out": None}
    for grade_id in milestone.uses:
        if assembly.source_of(grade_id) != "yours":
            continue
        _, error = _attempt(milestone, assembly.rebuilt({grade_id}), **options)
        if not error:
            return grade_id
    return ""


def selected(names: list[str] | None, assembly: Assembly) -> list[Milestone]:
    """The milestones asked for, or every one whose chapter is in the work folder."""
    if names:
        known = {m.name: m for m in MILESTONES}
        unknown = [n for n in names if n not in known]
        if unknown:
            raise KeyError(f"no milestone {', '.join(unknown)}; the milestones are {', '.join(known)}")
        return [known[n] for n in names]
    return [m for m in MILESTONES if m.chapter in assembly.chapters_present]


def as_json(assembly: Assembly, results: list[Result]) -> str:
    return json.dumps({"pieces": [r.as_dict() for r in assembly.rows],
                       "milestones": [r.as_dict() for r in results]}, indent=2, ensure_ascii=False)


def piece_lines(assembly: Assembly) -> list[str]:
    """The notes, then a line per piece: chapter, exercise, whose, its definitions or the reason."""
    lines = [*(f"note: {n}" for n in assembly.notes)]
    lines.append(f"{'chapter':<34} {'exercise':<22} {'source':<7} definitions / reason")
    for row in assembly.rows:
        names = ", ".join(d.removeprefix("autograd_lib.") for d in row.piece.definitions)
        if len(names) > 70:
            names = names[:67] + "..."
        text = names if row.source == "yours" else f"{names}  <- {row.reason}"
        lines.append(f"{row.piece.chapter:<34} {row.piece.exercise:<22} {row.source:<7} {text}")
    return lines


def as_table(assembly: Assembly, results: list[Result]) -> str:
    lines = [*piece_lines(assembly), ""]
    for result in results:
        mark = "passed" if result.passed else "FAILED"
        course = [u["piece"] for u in result.uses if u["source"] == "course"]
        given = f" (course's pieces: {', '.join(course)})" if course else ""
        lines.append(f"milestone {result.name}: {mark}{given}")
        shown = {k: v for k, v in result.figures.items() if k != "pictures"}
        if shown:
            lines.append("  " + ", ".join(f"{k}={v}" for k, v in shown.items()))
        for picture in result.figures.get("pictures", []):
            lines.append(f"  drawn: {picture}")
        if result.error:
            lines.append(f"  {result.error}")
            lines.append(f"  caused by your piece: {result.culprit}" if result.culprit else
                         "  no single piece of yours explains it")
    return "\n".join(lines)


def run_all(assembly: Assembly, names: list[str] | None = None, out: Path | None = None,
            epochs: int = 40) -> list[Result]:
    return [run_milestone(assembly, m, out=out, epochs=epochs) for m in selected(names, assembly)]
