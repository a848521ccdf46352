"""The similarity report measured on the frozen evaluation class (``tests/similarity/class/``).

    .venv/bin/python benchmarks/similarity_evaluation.py

Per chapter, over its long exercises (more than five lines in the reference solution): copied
pairs ranked in the top K of their exercise (K = its number of copied pairs; a tie with an
independent pair counts against the copy), independent pairs scoring above the lowest copied pair
of their exercise, and whether the whole-notebook copy ranks first in the whole-notebook
comparison. Then the totals, short exercises apart, and each miss.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from similarity.evaluation import frozen_chapters, load_frozen, measure, summary  # noqa: E402

from grader.similarity.class_comparison import compare_assignment  # noqa: E402
from grader.similarity.compare import Settings  # noqa: E402
from grader.similarity.documents import WHOLE  # noqa: E402


def whole_notebook_rank(labelled, settings: Settings) -> int | None:
    """Where the whole-notebook copy (``w`` of ``n1``) ranks in its chapter's whole notebook."""
    result = next(r for r in compare_assignment(labelled.assignment, settings) if r.unit.name == WHOLE)
    ranked = [frozenset({p.a, p.b}) for p in result.pairs]
    pair = frozenset({"w", "n1"})
    return ranked.index(pair) + 1 if pair in ranked else None


def main() -> int:
    settings = Settings()
    figures, firsts, misses = [], 0, []
    print("| chapter | long exercises | copied pairs in the top K | independent pairs above a copy "
          "| whole-notebook copy ranks |")
    print("| --- | --- | --- | --- | --- |")
    for chapter in frozen_chapters():
        labelled = load_frozen(chapter)
        found = measure(labelled, settings)
        figures += found
        long = [f for f in found if not f.short]
        rank = whole_notebook_rank(labelled, settings)
        firsts += rank == 1
        print(f"| {chapter} | {len(long)} | {sum(f.found for f in long)} of {sum(f.copied for f in long)} "
              f"| {sum(f.above for f in long)} of {sum(f.independent for f in long)} | {rank} |")
        misses += [(f, m) for f in found for m in f.missed] + [(f, "above: " + i) for f in found for i in f.intruders]
    totals = summary(figures)
    for kind in ("long", "short"):
        s = totals[kind]
        print(f"\n{kind} exercises: {s['exercises']}; copied pairs in the top K: {s['found']} of {s['copied']}; "
              f"independent pairs above a copy: {s['above']} of {s['independent']} (tied with the lowest copy: "
              f"{s['tied']}); worst chapter: {s['worst_chapter']}; exercises with every copy in the top K: "
              f"{s['exercises_all_found']} of {s['exercises']}")
    print(f"whole-notebook copy first in {firsts} of {len(frozen_chapters())} chapters")
    print("\nmisses:")
    for figure, what in misses:
        print(f"  {figure.chapter} {figure.exercise}{' (short)' if figure.short else ''}: {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
