"""Similar work, found for a human to look at: which students' answers to an exercise are alike
beyond what the course gives everyone.

Every class run ends with ``write_for_run(OUT)``; ``python -m grader similarity OUT`` does it again
for a graded class; the hosted course calls ``write_similarity(OUT, submitted=...)`` with the
notebooks of the attempts that count. Each writes

- ``OUT/similarity.csv``: one row per pair of students per exercise worth looking at, most alike
  first: per exercise the ``top`` most alike pairs, and every pair scoring at least
  ``threshold`` (calibrated on independent work, ``compare.Settings``); the columns say how
  alike they are, what they share and where the report shows them side by side;
- ``OUT/similarity.json``: the same pairs with their code, for the class report.

Nothing here changes a grade, and nothing reaches feedback or the exchange: a high score is a
reason to look, not evidence.

The modules, in the order they run: ``documents`` (each author's answer to each exercise, the
code every student was given), ``normalise`` (our pass: names, comments, docstrings, blank lines,
the order of commutative operands and of independent statements taken out), ``compare``
(copydetect's fingerprints and matching, an index of fingerprints for the candidates, the
score), ``run`` (a graded class), ``outputs`` (the files).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from grader.similarity.compare import Settings
from grader.similarity.run import compare_class, nbgrader_submitted, submitted_notebooks


def write_similarity(out: Path, submitted: Mapping[tuple[str, str], Path] | None = None,
                     course_dir: Path | None = None, settings: Settings | None = None) -> Path:
    """Compare the class graded into ``out`` and write ``similarity.csv`` and ``similarity.json``
    there; return the CSV's path. ``submitted`` maps (student, assignment) to the folder of the
    notebooks to compare (default: the notebooks the run graded, ``submitted_notebooks``)."""
    from grader.similarity.documents import SHORT_LINES
    from grader.similarity.outputs import write_csv, write_json

    out = Path(out)
    settings = settings or Settings()
    compared = compare_class(out, submitted, course_dir, settings)
    write_json(compared.units, settings, {"lines": SHORT_LINES, "exercises": compared.short}, out / "similarity.json")
    return write_csv(compared.units, settings, out / "similarity.csv")


def write_for_run(out: Path, course_dir: Path | None = None, log=print) -> None:
    """The end of a class run: ``write_similarity(out)``, whose failure is logged and never costs
    a grade (the comparison only informs)."""
    try:
        log(f"similar work: {write_similarity(out, course_dir=course_dir)}")
    except Exception as exc:  # noqa: BLE001 (nothing in an informative report may stop a run)
        log(f"warning: the similarity report could not be written: {type(exc).__name__}: {exc}")


__all__ = ["write_similarity", "write_for_run", "compare_class", "submitted_notebooks", "nbgrader_submitted",
           "Settings"]
