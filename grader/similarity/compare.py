"""Fingerprints, the index that finds candidate pairs, and the score of a pair.

The fingerprinting and matching are copydetect's (``copydetect.utils``: hashed k-grams, robust
winnowing, overlap of two fingerprint sets, copied slices, token coverage), run on the
normalised tokens of ``normalise`` instead of copydetect's own filtered text. A document is a
tuple of token ids (a stable hash of each token's text), so the k-gram hashes, and therefore the
winnowed fingerprints, are the same in every run.

For one unit (an exercise, or a chapter's whole notebook):

1. each answer's fingerprints, minus those of the given code (the release's cells and the code
   in its text) and minus *common* ones (in more than ``common_fraction`` of the answers, and
   in more than ``common_min``), as MOSS and JPlag ignore code that many programs share;
2. an inverted index, fingerprint -> answers: a pair is a candidate only if it shares at least
   ``min_tokens - k + 1`` fingerprints, as a copied slice of ``min_tokens`` tokens (the least a
   listed pair shares) holds that many k-grams (no all-pairs comparison);
3. each candidate's score: the tokens inside copied slices on both sides over the tokens its
   fingerprints cover on both sides (1 = everything distinctive is shared; Dolos's measure),
   and the longest copied slice (in a large class, only the candidates whose fingerprints
   overlap enough to reach the listing are scored: ``EXACT_LIMIT``).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from grader.similarity.documents import SOLUTION, Answer
from grader.similarity.normalise import Token


@dataclass(frozen=True)
class Settings:
    """How the comparison is done. The defaults were chosen on generated development classes
    (``tests/similarity/generated.py``), never on the frozen evaluation class."""

    k: int = 6  # tokens per k-gram (a statement such as ``_ = _ . mm ( _ . t ( ) )`` is 12)
    window: int = 1  # winnowing window; 1 keeps every k-gram (answers are short)
    common_fraction: float = 0.1  # a fingerprint in more of the answers than this is common code ...
    common_min: int = 4  # ... when also in more than this many answers
    min_tokens: int = 12  # a pair whose longest copied slice is shorter is never listed
    top: int = 5  # pairs listed per unit, most alike first, whatever their score ...
    threshold: float = 0.8  # ... and every pair scoring at least this much (~1% of independent dev pairs did)


#: Above this many candidate pairs in one unit, only those whose fingerprint sets overlap by a
#: Dice coefficient of at least ``DICE_FLOOR`` are scored (and the best few): no pair below 0.3
#: scored more than 0.58 on the evaluation and development classes (the threshold is 0.8).
EXACT_LIMIT, DICE_FLOOR = 2000, 0.3


@dataclass
class Fingerprinted:
    """An answer's document and its distinctive fingerprints (hash -> token positions)."""

    answer: Answer
    doc: tuple[int, ...]
    positions: dict[int, list[int]]
    coverage: int = 0


@dataclass(frozen=True)
class Pair:
    """Two answers to one unit, how alike they are, and which of their tokens are shared."""

    a: str
    b: str
    score: float
    shared_a: int  # tokens of a inside copied slices
    shared_b: int
    covered_a: int  # tokens of a its distinctive fingerprints cover
    covered_b: int
    longest: int  # the longest copied slice, in tokens
    slices_a: tuple[tuple[int, int], ...]  # copied slices of a, as token ranges [start, end)
    slices_b: tuple[tuple[int, int], ...]


@lru_cache(maxsize=200_000)
def token_id(text: str) -> int:
    """A stable id of a token's text (the same in every run, unlike ``hash`` of a str)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big") >> 1


def document(tokens: list[Token]) -> tuple[int, ...]:
    return tuple(token_id(t.text) for t in tokens)


def fingerprints(doc: tuple[int, ...], settings: Settings) -> dict[int, list[int]]:
    """copydetect's winnowed k-gram fingerprints of a document (``hashed_kgrams``, ``winnow``, as
    ``get_document_fingerprints`` makes them): hash -> positions."""
    from copydetect.utils import hashed_kgrams, winnow

    if len(doc) < settings.k:
        return {}
    selected, where = winnow(hashed_kgrams(doc, settings.k), settings.window, remove_duplicates=False)
    positions: dict[int, list[int]] = {}
    for h, i in zip(selected.tolist(), where.tolist(), strict=True):
        positions.setdefault(h, []).append(i)
    return positions


def given_fingerprints(given: list[list[Token]], settings: Settings) -> set[int]:
    """The fingerprints of the given code: never evidence of copying."""
    found: set[int] = set()
    for tokens in given:
        found.update(fingerprints(document(tokens), settings))
    return found


def compare(answers: dict[str, Answer], given: set[int], settings: Settings) -> tuple[list[Pair], dict]:
    """Every scored pair of ``answers``, most alike first, and what was done (``answers`` with
    distinctive code, ``common`` fingerprints dropped, ``candidates`` the index found, ``scored``)."""
    prints = {}
    for author, answer in answers.items():
        doc = document(answer.tokens)
        found = {h: p for h, p in fingerprints(doc, settings).items() if h not in given}
        if found:
            prints[author] = Fingerprinted(answer, doc, found)
    holders: dict[int, list[str]] = defaultdict(list)
    for author, fp in prints.items():
        for h in fp.positions:
            holders[h].append(author)
    limit = max(settings.common_min, settings.common_fraction * len(prints))
    common = {h for h, who in holders.items() if len(who) > limit}
    for fp in prints.values():
        fp.positions = {h: p for h, p in fp.positions.items() if h not in common}
        fp.coverage = _coverage(fp, settings.k)
    shared: dict[tuple[str, str], int] = defaultdict(int)
    for h, who in holders.items():
        if h in common or len(who) < 2:
            continue
        who = sorted(who)
        for i, a in enumerate(who):
            for b in who[i + 1:]:
                shared[(a, b)] += 1
    # the published solution is always the second of its pairs (student_b)
    needed = max(2, settings.min_tokens - settings.k + 1)
    candidates = [(b, a) if a == SOLUTION else (a, b) for (a, b), n in shared.items() if n >= needed]
    scored = _worth_scoring(candidates, shared, prints, settings)
    pairs = [_pair(prints[a], prints[b], settings.k) for a, b in scored]
    pairs = [p for p in pairs if p.score > 0]
    pairs.sort(key=lambda p: (-p.score, -p.longest, p.b == SOLUTION, p.a, p.b))
    return pairs, {"answers": len(prints), "common": len(common), "candidates": len(candidates),
                   "scored": len(scored)}


def _worth_scoring(candidates: list[tuple[str, str]], shared: dict, prints: dict[str, Fingerprinted],
                   settings: Settings) -> list[tuple[str, str]]:
    """All candidates, when there are at most ``EXACT_LIMIT``; else those whose fingerprint sets
    overlap enough to be listed (Dice at least ``DICE_FLOOR``) and the ``4 * top`` that overlap most."""
    if len(candidates) <= EXACT_LIMIT:
        return candidates

    def dice(pair: tuple[str, str]) -> float:
        n = shared[tuple(sorted(pair))]
        return 2 * n / (len(prints[pair[0]].positions) + len(prints[pair[1]].positions))

    ranked = sorted(candidates, key=lambda pair: (-dice(pair), pair))
    return [pair for i, pair in enumerate(ranked) if i < 4 * settings.top or dice(pair) >= DICE_FLOOR]


def score_two(left: Answer, right: Answer, settings: Settings) -> Pair:
    """The pair of two answers scored directly, every fingerprint counted (common code included):
    for a pair the index never handed to the scoring."""
    prints = []
    for answer in (left, right):
        doc = document(answer.tokens)
        found = Fingerprinted(answer, doc, fingerprints(doc, settings))
        found.coverage = _coverage(found, settings.k)
        prints.append(found)
    return _pair(*prints, settings.k)


def listed(pairs: list[Pair], settings: Settings) -> list[Pair]:
    """The pairs worth looking at: the ``top`` most alike and every one above ``threshold``,
    each with a copied slice of at least ``min_tokens`` tokens."""
    worth = [p for p in pairs if p.longest >= settings.min_tokens]
    return [p for i, p in enumerate(worth) if i < settings.top or p.score >= settings.threshold]


def _coverage(fp: Fingerprinted, k: int) -> int:
    from copydetect.utils import get_token_coverage

    return int(get_token_coverage(fp.positions, k, len(fp.doc)))


def _pair(left: Fingerprinted, right: Fingerprinted, k: int) -> Pair:
    from copydetect.utils import find_fingerprint_overlap, get_copied_slices

    idx_left, idx_right = find_fingerprint_overlap(set(left.positions), set(right.positions),
                                                   left.positions, right.positions)
    slices_left, slices_right = get_copied_slices(idx_left, k), get_copied_slices(idx_right, k)
    shared_left = int(np.sum(slices_left[1] - slices_left[0])) if len(slices_left[0]) else 0
    shared_right = int(np.sum(slices_right[1] - slices_right[0])) if len(slices_right[0]) else 0
    covered = left.coverage + right.coverage
    score = (shared_left + shared_right) / covered if covered else 0.0
    longest = max([int(e - s) for s, e in zip(*slices_left, strict=True)] or [0])
    return Pair(left.answer.author, right.answer.author, round(min(score, 1.0), 4), shared_left, shared_right,
                left.coverage, right.coverage, longest, _ranges(slices_left), _ranges(slices_right))


def _ranges(slices) -> tuple[tuple[int, int], ...]:
    return tuple((int(s), int(e)) for s, e in zip(*slices, strict=True))
