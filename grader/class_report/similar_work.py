"""The report's "Similar work" section, from ``OUT/similarity.json`` (``grader.similarity``): per
chapter and exercise, the pairs of students whose answers are most alike, side by side, the
shared lines marked. For the instructor only: the section says that a high score is a reason
to look, not evidence, and nothing in it changes a grade or reaches a student."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from urllib.parse import quote

STYLE = """
.notice { background: #fff8e1; border-left: 4px solid #f0b400; padding: 0.5em 0.8em; max-width: 60em; }
.sbs { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0.6em; margin: 0.4em 0 0.8em; }
td.pair { border-top: none; padding-top: 0; }
.sbs pre { margin: 0; padding: 0.4em; background: #fafafa; border: 1px solid #e4e4e4; overflow-x: auto;
           font-size: 0.8em; line-height: 1.35; }
.sbs .who { font-weight: bold; margin-bottom: 0.2em; }
.sbs .cell { color: #777; font-size: 0.8em; margin: 0.3em 0 0.1em; }
.sbs mark { background: #ffe08a; display: inline-block; width: 100%; }
"""

NOTICE = (
    "<p class='notice'><b>A high score is a reason to look, not evidence.</b> Students who work "
    "independently often write the same code for a guided exercise: the statement names the steps, "
    "the formula and the functions to call. Read both answers before you conclude anything, and ask "
    "the students. Nothing here changes a grade, and this section is for instructors only: it is not "
    "part of any student's feedback and is never released to the exchange.</p>")


def read(out: Path) -> dict | None:
    """``OUT/similarity.json``, or None when there is none (an older run) or it cannot be read."""
    try:
        return json.loads((Path(out) / "similarity.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def section(out: Path, feedback: dict[tuple[str, str], str] | None = None) -> str:
    """The section's HTML; ``feedback``: (student, assignment) -> a feedback page relative to OUT."""
    data = read(out)
    head = "<h2 id='similar'>Similar work</h2>" + NOTICE
    if data is None:
        return head + ("<p>No comparison was made for this folder: run <code>python -m grader similarity "
                       "OUT</code>.</p>")
    feedback = feedback or {}
    settings = data.get("settings", {})
    short = data.get("short", {})
    parts = [head, _method(settings, short.get("lines", 5)),
             "<p><a href='similarity.csv'>similarity.csv</a> lists every pair shown here, most alike first.</p>"]
    by_unit: dict[tuple[str, str], list[dict]] = {}
    for pair in data.get("pairs", []):
        by_unit.setdefault((pair["assignment"], pair["exercise"]), []).append(pair)
    units: dict[str, list[dict]] = {}
    for unit in data.get("units", []):
        units.setdefault(unit["assignment"], []).append(unit)
    for assignment_id, listed in units.items():
        parts.append(f"<h3>{escape(assignment_id)}</h3>")
        skipped = short.get("exercises", {}).get(assignment_id, [])
        if skipped:
            parts.append("<p>Not compared on their own (short exercises, where independent answers are "
                         f"alike): {escape(', '.join(skipped))}. Their code counts in the whole notebook.</p>")
        for unit in sorted(listed, key=lambda u: u["exercise"] != "whole notebook"):
            parts.append(_unit(unit, by_unit.get((assignment_id, unit["exercise"]), []), settings, feedback))
    return "".join(parts)


def _method(settings: dict, short_lines: int) -> str:
    return (
        "<details><summary>How the pairs are found</summary><p>Each exercise's answer cells, with the cells a "
        "student added below them, are compared with every other student's and with the course's published "
        "solution, after a normalising pass that removes what a copier changes for free: names, comments, "
        "docstrings, blank lines, annotations, the order of commutative operands and of statements that do not "
        "depend on each other. The fingerprints are copydetect's k-grams of the normalised tokens "
        f"(k = {settings.get('k', '?')}). Code the release gives everyone (its cells, the starter code, the "
        "code in the text) never counts as shared, and neither does code that more than "
        f"{100 * settings.get('common_fraction', 0.1):.0f}% of the answers share. The score is the share of "
        "both answers' distinctive code that lies in shared stretches (1: everything distinctive is shared). "
        f"Listed per exercise: the {settings.get('top', '?')} most alike pairs, and every pair scoring at least "
        f"{settings.get('threshold', '?')} (a score independent answers of the course's exercises reached for "
        f"about one pair in a hundred). Exercises of {short_lines} lines or fewer are not compared on their "
        "own.</p></details>")


def _unit(unit: dict, pairs: list[dict], settings: dict, feedback: dict) -> str:
    title = "Whole notebook" if unit["exercise"] == "whole notebook" else f"Exercise {unit['exercise']}"
    counts = (f"{unit['answers']} answers compared; {unit['candidates']} pairs shared enough to be scored; "
              f"{unit['listed']} listed")
    if not pairs:
        return f"<h4>{escape(title)}</h4><p class='meta'>{escape(counts)}: no pair shares more than given code.</p>"
    more = unit["listed"] - len(pairs)
    rows = []
    for pair in pairs:
        strong = "above the threshold" if pair.get("above_threshold") else ""
        rows.append(
            f"<tr id='{escape(pair['id'], quote=True)}'><td class='num'>{pair['rank']}</td>"
            f"<td>{_who(pair['a'], unit['assignment'], feedback)}</td>"
            f"<td>{_who(pair['b'], unit['assignment'], feedback)}</td>"
            f"<td class='num'>{pair['score']:.2f}</td><td>{strong}</td></tr>"
            f"<tr><td></td><td class='pair' colspan='4'>{_side_by_side(pair)}</td></tr>")
    tail = f"<p class='meta'>… and {more} more pair(s) in similarity.csv.</p>" if more > 0 else ""
    return (f"<h4>{escape(title)}</h4><p class='meta'>{escape(counts)}</p><table style='width: 100%'><tr>"
            "<th>#</th><th>student</th><th>student</th><th>score</th><th></th></tr>" + "".join(rows) + "</table>"
            + tail)


def _who(author: str, assignment_id: str, feedback: dict) -> str:
    page = feedback.get((author, assignment_id))
    if page:
        return f"<a href='{escape(quote(page), quote=True)}'>{escape(author)}</a>"
    return escape(author)


def _side_by_side(pair: dict) -> str:
    sides = "".join(f"<div><div class='who'>{escape(pair[who])}</div>{_code(pair[cells])}</div>"
                    for who, cells in (("a", "a_cells"), ("b", "b_cells")))
    return f"<details><summary>side by side (shared lines marked)</summary><div class='sbs'>{sides}</div></details>"


def _code(cells: list[dict]) -> str:
    parts = []
    for cell in cells:
        shared = set(cell.get("shared", []))
        lines = [f"<mark>{escape(line) or ' '}</mark>" if n in shared else escape(line)
                 for n, line in enumerate(cell.get("lines", []), 1)]
        parts.append(f"<div class='cell'>{escape(cell.get('label', ''))}</div><pre>" + "\n".join(lines) + "</pre>")
    return "".join(parts)
