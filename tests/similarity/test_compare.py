"""The fingerprints are copydetect's, the same in every run; the score means what it says."""

import subprocess
import sys

from copydetect.utils import get_document_fingerprints

from grader.paths import REPO_ROOT
from grader.similarity.compare import Settings, compare, document, fingerprints
from grader.similarity.documents import Answer, Cell
from grader.similarity.normalise import tokens

from .evaluation import SET

SOURCES = sorted(SET.glob("07_linear_function/*/*.py"))


def test_fingerprints_are_copydetects():
    settings = Settings()
    for path in SOURCES:
        doc = document(tokens(path.read_text()))
        if len(doc) < settings.k:
            continue
        _, expected = get_document_fingerprints(doc, settings.k, settings.window)
        assert fingerprints(doc, settings) == {int(h): [int(i) for i in v] for h, v in expected.items()}, path


PROGRAM = """
import sys
from grader.similarity.compare import Settings, document, fingerprints
from grader.similarity.normalise import tokens
for path in sys.argv[1:]:
    print(sorted(fingerprints(document(tokens(open(path).read())), Settings())))
"""


def test_fingerprints_are_the_same_in_every_run():
    """Python's hash of a str changes from run to run; the token ids do not, nor the fingerprints:
    another process, with another hash seed, finds the same ones as this one."""
    other = subprocess.run([sys.executable, "-c", PROGRAM, *map(str, SOURCES[:6])], capture_output=True, text=True,
                           check=True, cwd=REPO_ROOT, env={"PYTHONHASHSEED": "12345", "PATH": ""}).stdout
    here = "".join(f"{sorted(fingerprints(document(tokens(p.read_text())), Settings()))}\n" for p in SOURCES[:6])
    assert other == here and len(here) > 1000


def answer(author, text):
    return Answer.of(author, [Cell("x", text)], frozenset({"np"}))


def test_identical_answers_score_one_and_unrelated_ones_are_not_compared():
    one = "def f(x):\n    y = np.exp(x) * 2 + np.log(x)\n    return y.sum(axis=0) / len(x)\n"
    other = "def g(a, b):\n    for i in range(len(a)):\n        b[i] = a[i] ** 3 - 1\n    return b\n"
    pairs, stats = compare({"a": answer("a", one), "b": answer("b", one.replace("y", "z")), "c": answer("c", other)},
                           set(), Settings())
    assert [(p.a, p.b, p.score) for p in pairs] == [("a", "b", 1.0)]
    assert stats["candidates"] == 1


def test_a_partial_copy_scores_between():
    base = "def f(x):\n    y = np.exp(x) * 2 + np.log(x)\n    z = y.sum(axis=0) / len(x)\n    return z\n"
    more = base + "\ndef g(a):\n    for i in range(len(a)):\n        a[i] = a[i] ** 3 - 1\n    return np.sort(a)\n"
    pairs, _ = compare({"a": answer("a", base), "b": answer("b", more)}, set(), Settings())
    assert 0.3 < pairs[0].score < 0.9
    assert pairs[0].shared_a == pairs[0].covered_a  # everything of a's is in b
