"""``python -m grader.i18n status|update|await|sample [--language zh] [SCOPE ...]``: keep an edition current.

- ``status``: per scope, how many units are current, missing, stale, awaiting; then every problem
  (exit 1 if any): what the staleness test checks.
- ``update SCOPE ...``: rewrite the scopes' files in the English's order: translated units kept,
  a unit with an empty translation for each missing one (to fill in), stale units last (to reuse).
  A chapter's scope is its English id; ``update`` makes a new chapter's file.
- ``await``: append every missing unit to ``i18n/<language>/awaiting.txt`` (pairing each with the
  stale unit its English most likely replaced), so an English fix can land before its translation.
- ``sample OUT``: a wrong submission of every translated chapter, graded into ``OUT/graded``: the
  feedback a reader of the edition should read (``grader.translation.sample``).
"""

from __future__ import annotations

import argparse
import difflib
import sys

from grader.i18n.editions import EDITIONS
from grader.i18n.units import Unit, english_hash, format_units
from grader.translation.status import REMOVED, read_awaiting, report, scopes

HEADER = ("<!-- The {language} translation of {scope}. Each unit: the English it translates (in the marker, "
          "with its hash), then the translation. python -m grader.i18n status says what is stale. -->")


def update(language: str, wanted: list[str]) -> list[str]:
    from grader.course.model import find_chapters
    from grader.paths import COURSE_DIR

    edition = EDITIONS[language]
    for chapter in find_chapters(COURSE_DIR):  # a new chapter's file, so that it counts as a scope
        path = edition.units_path(chapter)
        if chapter.chapter_id in wanted and not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(HEADER.format(language=language, scope=chapter.chapter_id) + "\n", encoding="utf-8")
    written = []
    for scope in scopes(language):
        if scope.scope not in wanted:
            continue
        have = {u.hash: u for u in scope.units}
        units = [have.get(english_hash(n.english)) or Unit(n.kind, n.english, "", n.template) for n in scope.needed]
        units += scope.stale
        scope.path.parent.mkdir(parents=True, exist_ok=True)
        header = HEADER.format(language=language, scope=scope.scope)
        scope.path.write_text(format_units(units, header), encoding="utf-8")
        written.append(str(scope.path))
    return written


def await_missing(language: str) -> int:
    listed = {(a.scope, a.new) for a in read_awaiting(language)}
    replaced = {(a.scope, a.old) for a in read_awaiting(language) if a.old}
    lines = []
    for scope in scopes(language):
        missing = [n for n in scope.missing if (scope.scope, english_hash(n.english)) not in listed]
        stale = [u for u in scope.stale if (scope.scope, u.hash) not in replaced]
        # each stale unit goes with the missing English most like it (the closest pairs first)
        pairs = sorted(((difflib.SequenceMatcher(None, u.english, n.english).ratio(), i, j)
                        for i, n in enumerate(missing) for j, u in enumerate(stale) if u.kind == n.kind),
                       reverse=True)
        old: dict[int, str] = {}
        used: set[int] = set()
        for ratio, i, j in pairs:
            if ratio >= 0.5 and i not in old and j not in used:
                old[i] = stale[j].hash
                used.add(j)
        for i, item in enumerate(missing):
            first = item.english.strip().splitlines()[0][:60]
            lines.append(f"{scope.scope} {english_hash(item.english)}{' ' + old[i] if i in old else ''}  # {first}")
        for j, unit in enumerate(stale):
            if j not in used:
                lines.append(f"{scope.scope} {REMOVED} {unit.hash}  # English gone: {unit.english.strip()[:50]}")
    if lines:
        path = EDITIONS[language].data_dir / "awaiting.txt"
        with open(path, "a", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
    print("\n".join(lines) if lines else "nothing is missing")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grader.i18n", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["status", "update", "await", "sample"])
    parser.add_argument("scopes", nargs="*")
    parser.add_argument("--language", default="zh", choices=sorted(EDITIONS))
    args = parser.parse_args(argv)
    if args.command == "status":
        text, problems = report(args.language)
        print(text)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if args.command == "sample":
        from grader.translation.sample import sample

        if len(args.scopes) != 1:
            parser.error("sample takes one folder: python -m grader.i18n sample OUT")
        print(f"the feedback of the sample class: {sample(args.scopes[0])}")
        return 0
    if args.command == "update":
        for path in update(args.language, args.scopes):
            print(f"wrote {path}")
        return 0
    return await_missing(args.language)


if __name__ == "__main__":
    sys.exit(main())
