"""One score per pair of students for a whole notebook, to rank the class by.

A pair's whole-notebook score (``compare``) dilutes a copy of one exercise among honest others,
and lets an exercise that everyone writes alike (a one-liner) tie a class together. The ranking
score of a pair is the larger of

- its whole-notebook score;
- its best exercise score, each exercise's scores calibrated by how alike the class's answers
  to it are: ``(score - typical) / (1 - typical)``, where ``typical`` is the median score of every
  pair of the class on that exercise (a pair the index did not score counts 0), so an exercise
  where independent answers look alike weighs little; and discounted by the exercise's share of
  the code of the student who has most of theirs in it, ``share ** 0.25`` (a short exercise
  written alike by chance does not tie two notebooks together; a copy of a long one is nearly its
  full score, and so is the one exercise a student handed in);
- through a common source: the smaller of the two students' scores against the published
  solution (two copies of the solution, each disguised its own way, are a pair).

It orders pairs for a human to look at; it changes no grade.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from statistics import median

from grader.similarity.documents import SOLUTION, WHOLE


@dataclass(frozen=True)
class Ranked:
    """A pair's ranking score and where it comes from (``notebook``, an exercise, or ``solution``)."""

    score: float
    why: str


def calibrated(scores: dict[frozenset[str], float], authors: Iterable[str]) -> dict[frozenset[str], float]:
    """Each pair's score over what is typical of the unit (see the module's text)."""
    names = sorted(set(authors))
    every = [scores.get(frozenset({a, b}), 0.0) for i, a in enumerate(names) for b in names[i + 1:]]
    typical = median(every) if every else 0.0
    if typical >= 1.0:
        return {pair: 0.0 for pair in scores}
    return {pair: max(0.0, (s - typical) / (1.0 - typical)) for pair, s in scores.items()}


#: How much an exercise's share of a pair's code discounts its score (chosen on the first
#: evaluation class among 0, 0.25, 0.5 and 1: 0.25 ranked most copies first).
SHARE_POWER = 0.25


def offers(results) -> list[tuple[frozenset[str], float, str]]:
    """Every score a pair could rank by, for the units of one assignment (``UnitResult``s):
    (pair, score, where it comes from: ``notebook``, an exercise's name, or ``solution``)."""
    found: list[tuple[frozenset[str], float, str]] = []
    whole = next((r for r in results if r.unit.name == WHOLE), None)
    covered = {(p.a, p.b): (p.covered_a, p.covered_b) for p in (whole.pairs if whole else [])}
    covered.update({(b, a): (cb, ca) for (a, b), (ca, cb) in list(covered.items())})
    for result in results:
        scores = {frozenset({p.a, p.b}): p.score for p in result.pairs}
        if result.unit.name == WHOLE:
            found.extend((pair, score, "notebook") for pair, score in scores.items())
        else:
            pairs = {frozenset({p.a, p.b}): p for p in result.pairs}
            for pair, score in calibrated(scores, result.answers).items():
                share = _share(pairs[pair], covered)
                found.append((pair, score * share ** SHARE_POWER, result.unit.name))
    to_solution: dict[str, float] = {}
    for pair, score, _ in found:
        if SOLUTION in pair and len(pair) == 2:
            other = next(iter(pair - {SOLUTION}))
            to_solution[other] = max(score, to_solution.get(other, 0.0))
    students = sorted(to_solution)
    for i, a in enumerate(students):
        for b in students[i + 1:]:
            found.append((frozenset({a, b}), min(to_solution[a], to_solution[b]), "solution"))
    return found


def _share(pair, covered: dict[tuple[str, str], tuple[int, int]]) -> float:
    """The larger of the two students' shares of their own notebook's code that lies in this
    exercise (a student who handed in one exercise has it all there)."""
    whole = covered.get((pair.a, pair.b))
    if not whole:
        return 1.0
    mine = (pair.covered_a, pair.covered_b)
    shares = [part / total if total else 1.0 for part, total in zip(mine, whole, strict=True)]
    return min(1.0, max(shares))


def ranking(results) -> dict[frozenset[str], Ranked]:
    """pair of authors -> its ranking score (the largest of its ``offers``)."""
    best: dict[frozenset[str], Ranked] = {}
    for pair, score, why in offers(results):
        if pair not in best or round(score, 4) > best[pair].score:
            best[pair] = Ranked(round(score, 4), why)
    return best
