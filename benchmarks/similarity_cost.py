"""What the similarity report costs on a large class, and what the index saves.

    .venv/bin/python benchmarks/similarity_cost.py [--students 500] [--chapters 00_finite_differences ...]

For each chapter, a class of N students is generated (``tests/similarity/generated.py``,
``large_class``: each answer cell of each student is a random member of a random family of the
course's own answer texts, disguised at random: names, statement order, comments, docstrings,
comprehensions, temporaries; ten students copy another whole) and written as a grading run
leaves it (``write_fake_run``: the template course, one ``result.json`` and submitted notebook
per student; nothing is graded). Then ``write_similarity(OUT)`` runs, as at the end of a class run,
and its time is reported (wall clock and this process's CPU time: on a shared machine the first
depends on the load), with the time spent comparing (normalising, fingerprints, index, scoring the
candidates the index found) and, side by side on the same fingerprints, the time scoring every
pair of the whole-notebook unit would take instead (CPU time, estimated from a sample of 2,000
pairs).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from similarity.generated import chapter_ids, large_class, write_fake_run  # noqa: E402

from grader.similarity import write_similarity  # noqa: E402
from grader.similarity.compare import (  # noqa: E402
    Fingerprinted,
    Settings,
    _coverage,
    _pair,
    document,
    fingerprints,
    given_fingerprints,
)
from grader.similarity.documents import WHOLE  # noqa: E402


def all_pairs_seconds(assignment, settings: Settings, sample: int = 2000) -> tuple[float, int]:
    """CPU seconds to score every pair of the whole-notebook unit, estimated from ``sample`` pairs."""
    unit = next(u for u in assignment.units if u.name == WHOLE)
    given = given_fingerprints(assignment.given_tokens(), settings)
    prints = []
    for answer in assignment.answers(unit).values():
        doc = document(answer.tokens)
        fp = Fingerprinted(answer, doc, {h: p for h, p in fingerprints(doc, settings).items() if h not in given})
        fp.coverage = _coverage(fp, settings.k)
        prints.append(fp)
    n = len(prints)
    rng = random.Random(0)
    chosen = [tuple(rng.sample(range(n), 2)) for _ in range(sample)]
    started = time.process_time()
    for i, j in chosen:
        _pair(prints[i], prints[j], settings.k)
    per_pair = (time.process_time() - started) / sample
    return per_pair * n * (n - 1) / 2, n * (n - 1) // 2


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=int, default=500)
    parser.add_argument("--chapters", nargs="*", default=["00_finite_differences", "07_linear_function",
                                                          "09_training", "12_higher_order_and_forward_mode"])
    args = parser.parse_args(argv)
    settings = Settings()
    print(f"{args.students} students per chapter; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    print("| chapter | units | write_similarity: wall (CPU) | of which comparing | whole notebook: candidates, "
          "scored / all pairs | rows in similarity.csv | scoring all pairs instead (CPU, estimate, whole notebook) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for chapter in args.chapters or chapter_ids():
        assignment, _ = large_class(chapter, args.students, seed=0)
        with tempfile.TemporaryDirectory() as scratch:
            out = write_fake_run(assignment, chapter, Path(scratch) / "out")
            started, cpu = time.perf_counter(), time.process_time()
            write_similarity(out)
            seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
            listed = sum(1 for _ in open(out / "similarity.csv")) - 1
            import json

            units = json.loads((out / "similarity.json").read_text())["units"]
            shutil.rmtree(out, ignore_errors=True)
        whole = next(u for u in units if u["exercise"] == WHOLE)
        estimate, pairs = all_pairs_seconds(assignment, settings)
        scoring = sum(u["seconds"] for u in units)
        print(f"| {chapter} | {len(units)} | {seconds:.1f} s ({cpu:.1f} s) | {scoring:.1f} s | "
              f"{whole['candidates']}, {whole['scored']} / {pairs} | {listed} | {estimate:.1f} s |")
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
