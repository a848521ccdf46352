"""The candidate detectors of the similarity report, measured on the same labelled classes.

    PYTHONHASHSEED=0 .venv/bin/python benchmarks/similarity_candidates.py [--set dev|frozen] [--dolos build/dolos]

(copydetect alone hashes text with Python's ``hash``, which changes from run to run unless
``PYTHONHASHSEED`` is set: its figures move by a few pairs between runs. The report's pipeline
hashes stable token ids and gives the same figures in every run.)

Four detectors, each on every long exercise of every chapter (figures as in
``tests/similarity/evaluation.py``: copied pairs in the top K, independent pairs above the lowest
copied pair, worst chapter):

- our normalising pass + copydetect (what the report uses, ``grader.similarity``);
- our normalising pass + Dolos (``@dodona/dolos-lib``, tree-sitter tokens), fed the normalised
  code as text (``normalise.normalised_source``) and the given code as its template;
- copydetect alone (its own pygments filter on the raw cells, the starter as boilerplate);
- Dolos alone (raw cells, the given code as its template).

Both libraries discount fingerprints that more than 10% of the answers (and more than 4) share.
Dolos is optional: install it once with

    npm install --prefix build/dolos @dodona/dolos-lib@3.5.1

(it builds its tree-sitter parsers with node-gyp: a C++ compiler and the node headers, about four
minutes and 455 MB here; it fetches nothing but npm packages). ``--set dev`` runs the generated
development classes (where settings are chosen), ``--set frozen`` the frozen evaluation class.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
from collections import namedtuple
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from similarity.evaluation import _figures, frozen_chapters, load_frozen, measure, summary  # noqa: E402
from similarity.generated import chapter_ids, development_class  # noqa: E402

from grader.similarity.compare import Settings  # noqa: E402
from grader.similarity.documents import WHOLE  # noqa: E402
from grader.similarity.normalise import normalised_source  # noqa: E402

ScoredPair = namedtuple("ScoredPair", "a b score")
NODE_SCRIPT = Path(__file__).resolve().parent / "dolos_pairs.mjs"


def labelled_classes(which: str):
    if which == "frozen":
        return [load_frozen(c) for c in frozen_chapters()]
    return [development_class(c, seed) for c in chapter_ids() for seed in (0, 1, 2)]


def long_units(labelled):
    return [u for u in labelled.assignment.units if u.name != WHOLE and not u.short]


def ours(classes, settings: Settings):
    figures = []
    for labelled in classes:
        figures += [f for f in measure(labelled, settings, compare_short=False)]
    return figures


def copydetect_alone(classes, k: int = 25, window: int = 6):
    from copydetect import CodeFingerprint, compare_files

    figures = []
    for labelled in classes:
        given = [CodeFingerprint("given.py", k, window, fp=io.StringIO(t), language="python").hashes
                 for t in labelled.assignment.given]
        boilerplate = sorted(set().union(*given)) if given else []
        for unit in long_units(labelled):
            answers = labelled.assignment.answers(unit)
            prints = {a: CodeFingerprint(f"{a}.py", k, window, boilerplate=boilerplate, language="python",
                                         fp=io.StringIO("\n".join(c.source for c in ans.cells)))
                      for a, ans in answers.items()}
            _drop_common(prints)
            pairs = []
            authors = sorted(prints)
            for i, a in enumerate(authors):
                for b in authors[i + 1:]:
                    _, (sa, sb), _ = compare_files(prints[a], prints[b])
                    ca, cb = prints[a].token_coverage, prints[b].token_coverage
                    score = (sa * ca + sb * cb) / (ca + cb) if ca + cb else 0.0
                    pairs.append(ScoredPair(a, b, float(score)))
            figures.append(_figures(labelled, unit, set(answers), pairs))
    return figures


def _drop_common(prints, fraction: float = 0.1, minimum: int = 4) -> None:
    from collections import Counter

    counts = Counter(h for fp in prints.values() for h in fp.hashes)
    limit = max(minimum, fraction * len(prints))
    common = {h for h, n in counts.items() if n > limit}
    for fp in prints.values():
        fp.hashes = fp.hashes - common
        fp.hash_idx = {h: i for h, i in fp.hash_idx.items() if h not in common}


def dolos(classes, dolos_dir: Path, normalised: bool, k: int, window: int):
    units, keys = [], []
    for labelled in classes:
        vocabulary = labelled.assignment.vocabulary
        text = (lambda s, v=vocabulary: normalised_source(s, v)) if normalised else (lambda s: s)
        template = "\n".join(text(g) for g in labelled.assignment.given)
        for unit in long_units(labelled):
            answers = labelled.assignment.answers(unit)
            files = {a: "\n".join(text(c.source) for c in ans.cells) for a, ans in answers.items()}
            count = max(4, int(0.1 * len(files)))
            units.append({"name": unit.key, "files": files, "template": template,
                          "options": {"kgramLength": k, "kgramsInWindow": window, "maxFingerprintCount": count}})
            keys.append((labelled, unit, set(answers)))
    with tempfile.TemporaryDirectory(dir=dolos_dir) as scratch:  # node finds the packages from the script's folder
        script = Path(scratch) / NODE_SCRIPT.name
        script.write_text(NODE_SCRIPT.read_text())
        (Path(scratch) / "units.json").write_text(json.dumps(units))
        done = subprocess.run(["node", str(script), str(Path(scratch) / "units.json")], capture_output=True,
                              text=True, check=True)
    results = json.loads(done.stdout)
    return [_figures(labelled, unit, authors, [ScoredPair(*p) for p in result["pairs"]])
            for (labelled, unit, authors), result in zip(keys, results, strict=True)]


def line(name: str, figures, seconds: float) -> str:
    s = summary(figures)["long"]
    return (f"| {name} | {s['found']}/{s['copied']} | {s['above']} of {s['independent']} | {s['worst_chapter']} "
            f"| {s['exercises_all_found']}/{s['exercises']} | {seconds:.1f} s |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", choices=["dev", "frozen"], default="dev")
    parser.add_argument("--dolos", default="build/dolos", help="where @dodona/dolos-lib is installed")
    parser.add_argument("--dolos-grid", action="store_true", help="also try Dolos k-gram lengths and windows")
    args = parser.parse_args(argv)
    classes = labelled_classes(args.set)
    print(f"{args.set} set: {len(classes)} chapter classes, long exercises only\n")
    print("| detector | copied pairs in the top K | independent pairs above a copy | worst chapter "
          "| exercises with every copy found | time |")
    print("| --- | --- | --- | --- | --- | --- |")
    started = time.monotonic()
    print(line("our pass + copydetect (the report)", ours(classes, Settings()), time.monotonic() - started))
    started = time.monotonic()
    print(line("copydetect alone", copydetect_alone(classes), time.monotonic() - started))
    dolos_dir = Path(args.dolos)
    if not (dolos_dir / "node_modules" / "@dodona" / "dolos-lib").exists():
        print(f"\n(Dolos is not installed in {dolos_dir}: see this script's docstring)")
        return 0
    # without --dolos-grid: the settings the development classes chose for each (Dolos's own defaults
    # are k=23, w=17, best alone; k=16, w=1 best after our pass)
    chosen = {True: [(16, 1)], False: [(23, 17)]}
    grid = [(23, 17), (12, 1), (8, 1), (12, 5), (16, 1)]
    for normalised in (True, False):
        for k, window in (grid if args.dolos_grid else chosen[normalised]):
            started = time.monotonic()
            figures = dolos(classes, dolos_dir, normalised, k, window)
            name = f"{'our pass + ' if normalised else ''}Dolos{'' if normalised else ' alone'} (k={k}, w={window})"
            print(line(name, figures, time.monotonic() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
