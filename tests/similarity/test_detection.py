"""What the similarity report promises: renaming and reordering never hide a copy, the release's
code alone never makes a pair, and the index, not an all-pairs comparison, finds the candidates."""

import copy
import random
from functools import cache

import pytest

from grader.similarity.class_comparison import compare_assignment
from grader.similarity.compare import Settings, compare, given_fingerprints
from grader.similarity.documents import SOLUTION, WHOLE

from .evaluation import load_frozen
from .generated import _rename, _reorder, base_assignment, chapter_ids, large_class

CHAPTERS = chapter_ids()


@cache
def _assignment(chapter_id):
    return base_assignment(chapter_id)


def assignment(chapter_id):
    """A fresh copy of the chapter's assignment (tests add their own students)."""
    return copy.deepcopy(_assignment(chapter_id))


def renamed_and_reordered(source: str, seed: int) -> str:
    import ast

    tree = ast.parse(source)
    rng = random.Random(seed)
    _rename(tree, rng)
    _reorder(tree, rng)
    return ast.unparse(tree) + "\n"


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.exhaustive),
                                  pytest.param(2, marks=pytest.mark.exhaustive)])
@pytest.mark.parametrize("chapter_id", CHAPTERS)
def test_renaming_and_reordering_the_solution_does_not_hide_the_copy(chapter_id, seed):
    """Every long exercise: a student who renamed every variable of the published solution and
    reordered its independent statements is listed with it, scoring 1 (first, or tied first with an
    independent answer that is the solution's own text, as in ``operators``)."""
    base = assignment(chapter_id)
    order = [g for u in base.units if u.name != WHOLE for g in u.answer_ids]
    base.students = {"copier": [(g, renamed_and_reordered(base.solution[g], 100 * seed + i))
                                for i, g in enumerate(order)]}
    frozen = load_frozen(chapter_id).assignment
    for author in ("n1", "n2", "u1", "ho"):  # independent answers, so that there is something to rank
        if author in frozen.students:
            base.students[author] = frozen.students[author]
    for result in compare_assignment(base, Settings()):
        if result.unit.name == WHOLE:
            continue
        found = next((p for p in result.pairs if {p.a, p.b} == {"copier", SOLUTION}), None)
        assert found is not None and found.score == 1.0, f"{result.unit.key}: the copy scores {found}"
        if found.longest >= Settings().min_tokens:  # (fixed_bilinear: the text gives all but one line)
            assert found in result.shown, f"{result.unit.key}: the copy is not listed: {result.shown[:3]}"


def test_a_disguised_copy_among_independent_answers_is_the_most_alike_pair():
    labelled = load_frozen("07_linear_function")
    unit = next(u for u in labelled.assignment.units if u.name == "linear_function")
    kept = ("n1", "u1", "u2", "u3", "ho", "w")
    labelled.assignment.students = {a: c for a, c in labelled.assignment.students.items() if a in kept}
    result = next(r for r in compare_assignment(labelled.assignment, Settings()) if r.unit == unit)
    assert {result.shown[0].a, result.shown[0].b} == {"w", "n1"}
    assert result.shown[0].score >= Settings().threshold


def given_only_class(chapter_id: str, n: int = 12):
    """Students who hand in the release, untouched or with changes to its code that change nothing
    (spaces, comments, a pass), or with the release's own cells and statement code pasted into
    added cells."""
    base = assignment(chapter_id)
    order = [g for u in base.units if u.name != WHOLE for g in u.answer_ids]
    rng = random.Random(chapter_id)
    for s in range(n):
        cells = []
        for g in order:
            text = base.starter[g]
            kind = s % 4
            if kind == 1:
                text = text.replace("    ", "  ").replace("# YOUR CODE HERE", "# my answer goes here")
            elif kind == 2:
                text = "# first try\n" + text.replace("raise NotImplementedError()", "pass  # later")
            cells.append((g, text))
            if kind == 3:
                cells.append((f"added after {g}", rng.choice(base.given)))
        base.students[f"s{s}"] = cells
    return base


@pytest.mark.parametrize("chapter_id", CHAPTERS)
def test_the_release_code_alone_never_makes_a_pair(chapter_id):
    base = given_only_class(chapter_id)
    results = compare_assignment(base, Settings())
    listed = [(r.unit.key, p) for r in results for p in r.shown]
    assert not listed, f"pairs made of the release's code alone: {listed[:3]}"
    # and the solution shares nothing with them either but the starter (its own pairs need its own code)
    assert all(SOLUTION not in (p.a, p.b) for r in results for p in r.pairs)


def test_the_index_scores_few_of_all_pairs():
    """A class of 150 (``generated.large_class``): the fingerprint index hands far fewer pairs to
    the scoring than there are pairs."""
    base, _ = large_class("07_linear_function", 150, seed=1, copiers=5)
    for result in compare_assignment(base, Settings()):
        n = result.stats["answers"]
        assert result.stats["candidates"] < 0.1 * n * (n - 1) / 2, result.stats


def test_common_code_is_discounted_as_the_class_grows():
    """A line most of the class writes is not evidence: its fingerprints are dropped."""
    base = assignment("07_linear_function")
    line = "        output = input.mm(weight.t()) + bias.unsqueeze(0).expand_as(input.mm(weight.t()))\n"
    grade_id = "linear_function"
    body = base.starter[grade_id].replace("        # YOUR CODE HERE\n        raise NotImplementedError()\n",
                                          line + "        return output\n", 1)
    base.students = {f"s{i}": [(grade_id, body)] for i in range(20)}
    answers = base.answers(next(u for u in base.units if u.name == grade_id))
    pairs, stats = compare(answers, given_fingerprints(base.given_tokens(), Settings()), Settings())
    assert stats["common"] > 0 and not pairs
