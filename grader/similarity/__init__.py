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
code every student was given), ``rewrite`` (what a copier writes several ways read as one form:
guards, conditional expressions, inverted conditions), ``normalise`` (our pass: names, comments,
docstrings, blank lines, the order of commutative operands and of independent statements taken
out), ``compare``
(copydetect's fingerprints and matching, an index of fingerprints for the candidates, the
score), ``ranking`` (one score per pair of students for the whole notebook, to rank the class
by), ``run`` (a graded class), ``outputs`` (the files).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from grader.similarity.class_comparison import compare_class, nbgrader_submitted, submitted_notebooks
from grader.similarity.compare import Settings


def write_similarity(out: Path, submitted: Mapping[tuple[str, str], Path] | None = None,
                     course_dir: Path | None = None, settings: Settings | None = None) -> Path:
    """Compare the class graded into ``out`` and write ``similarity.csv`` and ``similarity.json``
    there; return the CSV's path. ``submitted`` maps (student, assignment) to the folder of the
    notebooks to compare (default: the notebooks the run graded, ``submitted_notebooks``). An
    assignment whose notebooks, template and settings are those of the last comparison is not
    compared again (a service may call this after every attempt)."""
    from grader.similarity.documents import SHORT_LINES
    from grader.similarity.outputs import assignment_record, previous_records, write

    out = Path(out)
    settings = settings or Settings()
    submitted = dict(submitted) if submitted is not None else submitted_notebooks(out)
    previous = previous_records(out, settings)
    records = {}
    from grader.similarity.class_comparison import chapter_editions

    for assignment_id, editions in sorted(chapter_editions({a for _, a in submitted}).items()):
        mine = {key: folder for key, folder in submitted.items() if key[1] in editions}
        digest = input_digest(out, editions, mine, course_dir, settings)
        if previous.get(assignment_id, {}).get("digest") == digest:
            records[assignment_id] = previous[assignment_id]
            continue
        compared = compare_class(out, mine, course_dir, settings)
        records[assignment_id] = assignment_record(compared.units, settings, compared.short.get(assignment_id, []),
                                                   digest)
    return write(records, settings, SHORT_LINES, out)


def input_digest(out: Path, editions: list[str], submitted: Mapping[tuple[str, str], Path], course_dir: Path | None,
                 settings: Settings) -> str:
    """A digest of everything a comparison of one assignment reads: the comparison's own code, the
    settings, the template (or course) notebooks of every edition and every submitted notebook's bytes."""
    import hashlib
    import json
    from dataclasses import asdict

    digest = hashlib.sha256(json.dumps(asdict(settings), sort_keys=True).encode())
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    template = sorted(p for a in editions for p in (Path(out) / "template").glob(f"*/{a}/*.ipynb"))
    if not template and course_dir is not None:
        template = sorted(p for a in editions for p in (Path(course_dir) / a).glob("*.md"))
    for path in template:
        digest.update(str(path.relative_to(path.parents[2])).encode() + b"\0" + path.read_bytes())
    for (student, assignment_id), folder in sorted(submitted.items()):
        for notebook in sorted(Path(folder).glob("*.ipynb")):
            digest.update(f"{student}/{assignment_id}/{notebook.name}\0".encode() + notebook.read_bytes())
    return digest.hexdigest()


def write_for_run(out: Path, course_dir: Path | None = None, log=print,
                  submitted: Mapping[tuple[str, str], Path] | None = None) -> None:
    """The end of a class run: ``write_similarity(out)``, whose failure is logged and never costs
    a grade (the comparison only informs). ``submitted``: as for ``write_similarity`` (the
    grading service passes its course's ``submitted/``, since its OUT keeps results only)."""
    try:
        log(f"similar work: {write_similarity(out, submitted=submitted, course_dir=course_dir)}")
    except Exception as exc:  # noqa: BLE001 (nothing in an informative report may stop a run)
        log(f"warning: the similarity report could not be written: {type(exc).__name__}: {exc}")


__all__ = ["write_similarity", "write_for_run", "compare_class", "submitted_notebooks", "nbgrader_submitted",
           "Settings"]
