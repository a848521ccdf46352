"""Recall@K over pairs of students, per chapter, for the similarity report and for a naive
baseline (the Jaccard similarity of token 5-grams over each whole notebook's answer cells), on the
frozen class (``tests/similarity/class/``) and the held-out one (``tests/similarity/class2/``).

    .venv/bin/python benchmarks/similarity_recall.py

A pair of students is copied when they are a copied pair in any exercise of the chapter (the
held-out class lists them in ``copied.json``). K is the chapter's number of copied pairs; the
report's score of a pair is its whole-notebook score. Pairs the report does not score count as 0,
and a tie with an independent pair counts against the copy. Also printed: the independent pairs
scoring above the lowest copied pair, and the copied pairs the report left without a score.

    .venv/bin/python benchmarks/similarity_recall.py --misses

prints instead each copied pair outside the report's top K, with the independent pairs ranked
above it (or tied with it), and for each what its score is made of (every exercise's ranking
score, the whole notebook's, the one through the published solution).
"""

from __future__ import annotations

import io
import sys
import tokenize
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from similarity.evaluation import SECOND, SET, frozen_chapters, load_frozen, measure  # noqa: E402

from grader.similarity.class_comparison import compare_assignment  # noqa: E402
from grader.similarity.compare import Settings  # noqa: E402
from grader.similarity.documents import SOLUTION, WHOLE  # noqa: E402
from grader.similarity.ranking import offers, ranking  # noqa: E402

SKIP = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING,
        tokenize.ENDMARKER}


def tokens(text: str) -> list[str]:
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in SKIP]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text.split()


def grams(text: str, n: int = 5) -> set[tuple[str, ...]]:
    found = tokens(text)
    return {tuple(found[i:i + n]) for i in range(len(found) - n + 1)}


def baseline(notebooks: dict[str, str]) -> dict[frozenset[str], float]:
    sets = {a: grams(t) for a, t in notebooks.items()}
    names = sorted(sets)
    return {frozenset({a, b}): len(sets[a] & sets[b]) / max(1, len(sets[a] | sets[b]))
            for i, a in enumerate(names) for b in names[i + 1:]}


def recall(scores: dict[frozenset[str], float], pairs: list[frozenset[str]], copied: set[frozenset[str]]):
    ranked = sorted(pairs, key=lambda p: (-scores.get(p, 0.0), p in copied))
    found = sum(1 for p in ranked[:len(copied)] if p in copied)
    lowest = min(scores.get(p, 0.0) for p in copied)
    above = sum(1 for p in pairs if p not in copied and scores.get(p, 0.0) > lowest)
    unscored = sorted(" ~ ".join(sorted(p)) for p in copied if p not in scores)
    return found, above, unscored


def chapter_figures(root: Path, chapter: str) -> dict:
    labelled = load_frozen(chapter, root)
    assignment = labelled.assignment
    copied = set().union(*labelled.copies.values()) if labelled.copies else set()
    notebooks = {a: "\n".join(text for _, text in cells) for a, cells in assignment.students.items()}
    notebooks[SOLUTION] = "\n".join(assignment.solution.get(g, "") for u in assignment.units if u.name == WHOLE
                                    for g in u.answer_ids)
    starter = {a for a, cells in assignment.students.items() if not cells}
    authors = sorted(a for a in notebooks if a not in starter)
    pairs = [frozenset({a, b}) for i, a in enumerate(authors) for b in authors[i + 1:]]
    pairs = [p for p in pairs if p not in labelled.related]
    copied &= set(pairs)
    report = {pair: ranked.score for pair, ranked in ranking(compare_assignment(assignment, Settings())).items()}
    return {"K": len(copied), "pairs": len(pairs), "report": recall(report, pairs, copied),
            "copied": copied, "pairs_of": pairs, "scores": report,
            "baseline": recall(baseline({a: notebooks[a] for a in authors}), pairs, copied)}


def pair_name(pair: frozenset[str]) -> str:
    return " ~ ".join(sorted(pair))


def misses(root: Path, chapter: str) -> list[str]:
    """Each copied pair outside the report's top K, the independent pairs ranked above it or tied
    with it, and every score each of them could rank by."""
    labelled = load_frozen(chapter, root)
    f = chapter_figures(root, chapter)
    copied, pairs = f["copied"], f["pairs_of"]
    parts: dict[frozenset[str], list[str]] = {}
    for pair, score, why in offers(compare_assignment(labelled.assignment, Settings())):
        parts.setdefault(pair, []).append(f"{why} {score:.3f}")
    scores = f["scores"]
    ranked = sorted(pairs, key=lambda p: (-scores.get(p, 0.0), p in copied))
    top = set(ranked[:len(copied)])
    lines = []
    for pair in sorted((p for p in copied if p not in top), key=pair_name):
        mine = scores.get(pair, 0.0)
        lines.append(f"{chapter}: missed {pair_name(pair)} {mine:.3f} [{', '.join(parts.get(pair, []))}]")
        for other in ranked:
            if other in copied or scores.get(other, 0.0) < mine:
                continue
            lines.append(f"    above: {pair_name(other)} {scores.get(other, 0.0):.3f} "
                         f"[{', '.join(parts.get(other, []))}]")
    return lines


def main() -> int:
    if "--misses" in sys.argv[1:]:
        for root in (SET, SECOND):
            for chapter in frozen_chapters(root):
                print("\n".join(misses(root, chapter)) or f"{chapter}: none missed")
        return 0
    print("| class | chapter | copied pairs (K) | report: in top K | report: independent above a copy "
          "| 5-gram baseline: in top K | baseline: independent above a copy | copied pairs left unscored |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, root in (("first", SET), ("held-out", SECOND)):
        totals = [0, 0, 0]
        for chapter in frozen_chapters(root):
            f = chapter_figures(root, chapter)
            (found, above, unscored), (b_found, b_above, _) = f["report"], f["baseline"]
            totals = [totals[0] + f["K"], totals[1] + found, totals[2] + b_found]
            print(f"| {name} | {chapter} | {f['K']} | {found} | {above} | {b_found} | {b_above} "
                  f"| {', '.join(unscored) or '-'} |")
        print(f"| {name} | all | {totals[0]} | {totals[1]} | | {totals[2]} | | |")
    print("\nThe held-out class per exercise (the report's exercise scores; short ones marked):\n")
    print("| chapter | exercise | copied pairs (K) | in top K | independent above a copy | missed |")
    print("| --- | --- | --- | --- | --- | --- |")
    for chapter in frozen_chapters(SECOND):
        for f in measure(load_frozen(chapter, SECOND), Settings()):
            print(f"| {chapter} | {f.exercise}{' (short)' if f.short else ''} | {f.copied} | {f.found} | {f.above} "
                  f"| {', '.join(f.missed) or '-'} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
