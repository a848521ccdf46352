"""The ranking score of a pair of students (``grader/similarity/ranking.py``)."""

from types import SimpleNamespace

from grader.similarity.compare import Pair
from grader.similarity.documents import SOLUTION, WHOLE
from grader.similarity.ranking import calibrated, ranking


def pair(a, b, score, covered=50):
    return Pair(a, b, score, 0, 0, covered, covered, 20, (), ())


def unit(name, pairs, authors=("a", "b", "c", "d")):
    return SimpleNamespace(unit=SimpleNamespace(name=name), pairs=pairs, answers=dict.fromkeys(authors))


def test_a_copy_of_one_exercise_ranks_above_a_notebook_alike_by_chance():
    results = [unit(WHOLE, [pair("a", "b", 0.3, 200), pair("c", "d", 0.4, 200)]),
               unit("long", [pair("a", "b", 0.95, 100)])]
    ranked = ranking(results)
    assert ranked[frozenset({"a", "b"})].score > ranked[frozenset({"c", "d"})].score
    assert ranked[frozenset({"a", "b"})].why == "long"


def test_two_copies_of_the_solution_are_a_pair():
    results = [unit(WHOLE, [pair("a", SOLUTION, 0.9), pair("b", SOLUTION, 0.8), pair("c", "d", 0.5)],
                    ("a", "b", "c", "d", SOLUTION))]
    ranked = ranking(results)
    assert ranked[frozenset({"a", "b"})].score == 0.8 and ranked[frozenset({"a", "b"})].why == "solution"


def test_an_exercise_everyone_writes_alike_weighs_little():
    authors = ("a", "b", "c", "d")
    alike = {frozenset({x, y}): 0.9 for i, x in enumerate(authors) for y in authors[i + 1:]}
    alike[frozenset({"a", "b"})] = 1.0
    found = calibrated(alike, authors)
    assert found[frozenset({"a", "b"})] == 1.0 and found[frozenset({"c", "d"})] == 0.0


def test_the_one_exercise_a_student_handed_in_weighs_fully():
    """``a`` answered one exercise only (its whole notebook is that exercise); ``b`` answered
    three: their copied exercise is all of ``a``'s code, so it is not discounted by ``b``'s other two."""
    def two_sided(x, y, score, covered_x, covered_y):
        return Pair(x, y, score, 0, 0, covered_x, covered_y, 20, (), ())

    results = [unit(WHOLE, [two_sided("a", "b", 0.3, 100, 300), pair("c", "d", 0.5, 300)]),
               unit("long", [two_sided("a", "b", 0.8, 100, 100)])]
    ranked = ranking(results)
    assert ranked[frozenset({"a", "b"})].score == 0.8 and ranked[frozenset({"a", "b"})].why == "long"
