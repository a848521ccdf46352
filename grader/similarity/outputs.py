"""``OUT/similarity.csv`` (one row per pair worth looking at, most alike first) and
``OUT/similarity.json`` (the same pairs with both sides' code and the shared lines, for the class
report's "Similar work" section)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

from grader import csv_safe
from grader.files import replaced, write_atomic
from grader.similarity.class_comparison import UnitResult
from grader.similarity.compare import Pair, Settings
from grader.similarity.documents import WHOLE, Answer
from grader.similarity.normalise import BEGIN, END

CSV_FIELDS = ["chapter", "exercise", "student_a", "student_b", "score", "rank", "ranking", "ranking_from",
              "above_threshold",
              "shared_lines_a", "lines_a", "shared_lines_b", "lines_b", "longest_tokens", "shared", "link"]
#: Pairs of one unit whose code the report shows (the CSV lists them all).
MAX_SHOWN = 50
#: Lines of one cell kept in the report's copy of a student's code.
MAX_LINES = 400


def pair_id(assignment_id: str, unit: str, a: str, b: str) -> str:
    """The anchor of a pair in ``report.html`` (student ids are not safe in an id)."""
    digest = hashlib.sha1(f"{assignment_id}\0{unit}\0{a}\0{b}".encode()).hexdigest()[:12]
    return f"similar-{digest}"


def rows(results: list[UnitResult], settings: Settings) -> list[dict]:
    """The CSV rows of every listed pair, most alike first."""
    found = []
    for result in results:
        authors = {p.a for p in result.shown} | {p.b for p in result.shown}
        size = {author: _count(code_lines(result.answers[author])) for author in authors}  # counted once
        for rank, pair in enumerate(result.shown, 1):
            a, b = result.answers[pair.a], result.answers[pair.b]
            ranked = result.ranked.get(frozenset({pair.a, pair.b}))
            lines_a, lines_b = shared_lines(a, pair.slices_a), shared_lines(b, pair.slices_b)
            found.append({
                "chapter": result.unit.assignment_id, "exercise": result.unit.name, "student_a": pair.a,
                "student_b": pair.b, "score": f"{pair.score:.3f}", "rank": rank,
                "ranking": f"{ranked.score:.3f}" if ranked else "", "ranking_from": ranked.why if ranked else "",
                "above_threshold": "yes" if pair.score >= settings.threshold else "no",
                "shared_lines_a": _count(lines_a), "lines_a": size[pair.a],
                "shared_lines_b": _count(lines_b), "lines_b": size[pair.b],
                "longest_tokens": pair.longest, "shared": excerpt(a, pair),
                "link": "report.html#" + pair_id(result.unit.assignment_id, result.unit.name, pair.a, pair.b)})
    found.sort(key=_row_order)
    return found


def assignment_record(results: list[UnitResult], settings: Settings, short: list[str], digest: str) -> dict:
    """What ``similarity.json`` keeps of one assignment: the digest of what was compared (so that an
    unchanged assignment is not compared again), its short exercises, a line per unit, the pairs the
    report shows (with their code) and the CSV rows."""
    units, pairs = [], []
    for result in results:
        unit = result.unit
        units.append({"assignment": unit.assignment_id, "exercise": unit.name, "answers": result.stats["answers"],
                      "common": result.stats["common"], "candidates": result.stats["candidates"],
                      "scored": result.stats.get("scored", result.stats["candidates"]),
                      "listed": len(result.shown), "seconds": result.stats.get("seconds", 0.0)})
        for rank, pair in enumerate(result.shown[:MAX_SHOWN], 1):
            pairs.append(_detail(result, pair, rank, settings))
    return {"digest": digest, "short": short, "units": units, "pairs": pairs, "rows": rows(results, settings)}


def write(records: dict[str, dict], settings: Settings, short_lines: int, out: Path) -> Path:
    """``similarity.json`` (every assignment's record, and the units, pairs and short exercises the
    report reads) and ``similarity.csv`` (every row, most alike first); return the CSV's path."""
    ordered = [records[a] for a in sorted(records)]
    data = {"settings": asdict(settings), "assignments": records,
            "short": {"lines": short_lines, "exercises": {a: records[a]["short"] for a in sorted(records)}},
            "units": [u for r in ordered for u in r["units"]], "pairs": [p for r in ordered for p in r["pairs"]]}
    write_atomic(out / "similarity.json", json.dumps(data, indent=1, sort_keys=True))
    found = [row for r in ordered for row in r["rows"]]
    found.sort(key=_row_order)
    path = out / "similarity.csv"
    with replaced(path, "w", newline="", encoding="utf-8") as handle:  # student ids and code: safe for spreadsheets
        writer = csv_safe.dict_writer(handle, CSV_FIELDS)
        writer.writeheader()
        writer.writerows(found)
    return path


def previous_records(out: Path, settings: Settings) -> dict[str, dict]:
    """The assignment records of the last comparison in ``out`` made with the same settings."""
    try:
        data = json.loads((out / "similarity.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("settings") != asdict(settings):
        return {}
    found = data.get("assignments")
    return found if isinstance(found, dict) else {}




def _row_order(row: dict):
    return (-float(row["score"]), -row["longest_tokens"], row["chapter"], row["exercise"] != WHOLE, row["exercise"],
            row["student_a"], row["student_b"])


def _detail(result: UnitResult, pair: Pair, rank: int, settings: Settings) -> dict:
    unit = result.unit
    return {"id": pair_id(unit.assignment_id, unit.name, pair.a, pair.b), "assignment": unit.assignment_id,
            "exercise": unit.name, "a": pair.a, "b": pair.b, "score": pair.score, "rank": rank,
            "above_threshold": pair.score >= settings.threshold, "longest": pair.longest,
            "a_cells": _cells(result.answers[pair.a], shared_lines(result.answers[pair.a], pair.slices_a)),
            "b_cells": _cells(result.answers[pair.b], shared_lines(result.answers[pair.b], pair.slices_b))}


def _cells(answer: Answer, shared: dict[int, set[int]]) -> list[dict]:
    return [{"label": cell.label, "lines": cell.source.splitlines()[:MAX_LINES],
             "shared": sorted(n for n in shared.get(index, ()) if n <= MAX_LINES)}
            for index, cell in enumerate(answer.cells)]


def shared_lines(answer: Answer, slices: tuple[tuple[int, int], ...]) -> dict[int, set[int]]:
    """cell index -> the lines of that cell inside copied slices (block braces not counted)."""
    found: dict[int, set[int]] = {}
    for start, end in slices:
        for i in range(start, min(end, len(answer.tokens))):
            token = answer.tokens[i]
            if token.text not in (BEGIN, END):
                found.setdefault(answer.where[i], set()).update(range(token.first, token.last + 1))
    return found


def code_lines(answer: Answer) -> dict[int, set[int]]:
    """cell index -> the lines of that cell that hold code (what the normalising pass keeps)."""
    return shared_lines(answer, ((0, len(answer.tokens)),))


def excerpt(answer: Answer, pair: Pair, width: int = 120) -> str:
    """The first lines of the longest copied slice, as ``a``'s student wrote them."""
    if not pair.slices_a:
        return ""
    start, end = max(pair.slices_a, key=lambda s: s[1] - s[0])
    picked = shared_lines(answer, ((start, end),))
    parts = []
    for index in sorted(picked):
        source = answer.cells[index].source.splitlines()
        parts += [source[n - 1].strip() for n in sorted(picked[index]) if 0 < n <= len(source)]
    text = " | ".join(p for p in parts if p)
    return text if len(text) <= width else text[: width - 1] + "…"


def _count(lines: dict[int, set[int]]) -> int:
    return sum(len(v) for v in lines.values())
