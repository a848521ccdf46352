"""Mutation run of the hidden tests: small changes to the reference answers, each graded in-process.

Usage (from the repository's root, never part of ``make test``)::

    .venv/bin/python benchmarks/mutate_answers.py 06_inplace_and_hooks 09_training 10_extending_pytorch \
        [--per-cell N] [--json out.json]

Each answer cell's solution (the lines between ``### BEGIN SOLUTION`` and ``### END SOLUTION``) is
parsed, and every place one of these operators applies gives one mutant:

- ``arith``: an arithmetic operator swapped (``+``/``-``, ``*``/``/``, ``**`` to ``*``, ``@`` to ``*``);
- ``compare``: a comparison flipped (``<`` to ``>=``, ``==`` to ``!=``, ``is`` to ``is not`` ...);
- ``bool``: ``and``/``or`` swapped, ``not`` dropped;
- ``const``: a number changed (to 0, to 1, to -1, doubled);
- ``drop``: a statement dropped (replaced by ``pass``);
- ``swap``: the first two positional arguments of a call swapped;
- ``none``: a returned value replaced by ``None``;
- ``axis``: an ``axis=``/``dim=`` integer moved by one.

A mutant that leaves the cell's text unchanged is skipped. Each mutant replaces its answer cell and
only its exercise is judged (the known-wrong path of ``tests/course/test_known_wrong.py``): it is
*killed* when the exercise scores below full, and *survives* otherwise. ``--per-cell N`` keeps N
mutants per answer cell (a fixed, seeded sample). A survivor is a missing promise (write it, with a
known-wrong answer) or an equivalent mutant (list it, with the reason, in
``benchmarks/mutation_equivalent.md``).
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support.in_process import exercise_of, exercise_scores, run_in_process  # noqa: E402

from grader.course.model import cell_kind, find_chapters, read_chapter  # noqa: E402
from grader.paths import COURSE_DIR  # noqa: E402

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"

ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.Pow: ast.Mult,
         ast.MatMult: ast.Mult, ast.FloorDiv: ast.Mult, ast.Mod: ast.Mult}
COMPARE = {ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.Eq: ast.NotEq,
           ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}


@dataclass
class Mutant:
    chapter_id: str
    answer_id: str
    operator: str
    line: int  # in the answer cell
    before: str
    after: str
    code: str
    verdict: str = ""
    score: str = ""


def _solution_lines(source: str) -> range:
    lines = source.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == BEGIN)
    stop = next(i for i, line in enumerate(lines) if line.strip() == END)
    return range(start + 2, stop + 1)  # 1-based line numbers strictly between the markers


def _changes(node: ast.AST) -> list[tuple[str, callable]]:
    """(operator, apply) for every mutation of this one node; apply mutates a copy in place."""
    out = []
    if isinstance(node, ast.BinOp) and type(node.op) in ARITH:
        out.append(("arith", lambda n: setattr(n, "op", ARITH[type(n.op)]())))
    if isinstance(node, ast.AugAssign) and type(node.op) in ARITH:
        out.append(("arith", lambda n: setattr(n, "op", ARITH[type(n.op)]())))
    if isinstance(node, ast.Compare) and type(node.ops[0]) in COMPARE:
        out.append(("compare", lambda n: n.ops.__setitem__(0, COMPARE[type(n.ops[0])]())))
    if isinstance(node, ast.BoolOp):
        out.append(("bool", lambda n: setattr(n, "op", ast.Or() if isinstance(n.op, ast.And) else ast.And())))
    if isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool):
        for new in dict.fromkeys([0, 1, -1, node.value * 2]):
            if new != node.value:
                out.append(("const", lambda n, new=new: setattr(n, "value", type(n.value)(new))))
    first_two = node.args[:2] if isinstance(node, ast.Call) else []
    if len(first_two) == 2 and not any(isinstance(a, ast.Starred) for a in first_two):
        out.append(("swap", lambda n: n.args.__setitem__(slice(0, 2), [n.args[1], n.args[0]])))
    if isinstance(node, ast.Return) and node.value is not None and not (
            isinstance(node.value, ast.Constant) and node.value.value is None):
        out.append(("none", lambda n: setattr(n, "value", ast.Constant(None))))
    if isinstance(node, ast.keyword) and node.arg in ("axis", "dim", "keepdims", "keepdim") and isinstance(
            node.value, ast.Constant):
        value = node.value.value
        if isinstance(value, bool):
            out.append(("axis", lambda n: setattr(n.value, "value", not n.value.value)))
        elif isinstance(value, int):
            out.append(("axis", lambda n: setattr(n.value, "value", n.value.value + 1)))
    return out


def _statement_lists(tree: ast.AST):
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def mutants_of(chapter_id: str, answer_id: str, source: str) -> list[Mutant]:
    """Every mutant of the answer cell's solution lines, as full cell sources."""
    inside = _solution_lines(source)
    tree = ast.parse(source)
    original = ast.unparse(tree)
    out = []

    def emit(operator, mutated, node):
        code = ast.unparse(mutated)
        if code == original:
            return
        line = getattr(node, "lineno", 0)
        before = source.splitlines()[line - 1].strip() if line else ""
        mutated_lines = code.splitlines()
        out.append(Mutant(chapter_id, answer_id, operator, line, before,
                          _first_difference(original.splitlines(), mutated_lines), code))

    nodes = [n for n in ast.walk(tree) if getattr(n, "lineno", None) in inside]
    for index, node in enumerate(nodes):
        for operator, apply in _changes(node):
            mutated = copy.deepcopy(tree)
            twin = [n for n in ast.walk(mutated) if getattr(n, "lineno", None) in inside][index]
            apply(twin)
            emit(operator, mutated, node)
    for body_index, body in enumerate(_statement_lists(tree)):
        for k, statement in enumerate(body):
            if statement.lineno not in inside or isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
                continue
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                continue  # a docstring
            mutated = copy.deepcopy(tree)
            twin_body = list(_statement_lists(mutated))[body_index]
            twin_body[k] = ast.Pass()
            emit("drop", mutated, statement)
    return out


def _first_difference(a: list[str], b: list[str]) -> str:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return y.strip()
    return (b[len(a)] if len(b) > len(a) else "").strip()


def judge(mutant: Mutant, nb, folder: Path) -> None:
    exercise = exercise_of(nb, mutant.answer_id)
    try:
        outcomes = run_in_process(nb, {mutant.answer_id: mutant.code}, cwd=folder, judge_only=exercise.test_ids)
        earned, possible = exercise_scores(nb, outcomes)[exercise.name]
    except Exception as error:  # the rehearsal itself broke: count it apart, never as killed
        mutant.verdict, mutant.score = "error", f"{type(error).__name__}: {error}"[:200]
        return
    mutant.score = f"{earned:g}/{possible:g}"
    mutant.verdict = "killed" if earned < possible else "survived"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("chapters", nargs="+")
    parser.add_argument("--per-cell", type=int, default=0, help="at most N mutants per answer cell (seeded sample)")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    chapters = {c.chapter_id: c for c in find_chapters(COURSE_DIR)}
    results = []
    for chapter_id in args.chapters:
        chapter = chapters[chapter_id]
        nb = read_chapter(chapter)
        for cell in nb.cells:
            if cell_kind(cell) != "answer" or BEGIN not in cell.source:
                continue
            answer_id = cell.metadata["nbgrader"]["grade_id"]
            found = mutants_of(chapter_id, answer_id, cell.source)
            if args.per_cell and len(found) > args.per_cell:
                found = random.Random(f"{args.seed}/{answer_id}").sample(found, args.per_cell)
            for mutant in found:
                started = time.monotonic()
                judge(mutant, nb, chapter.folder)
                results.append(mutant)
                print(f"{mutant.verdict:8s} {mutant.score:>7s} {time.monotonic() - started:5.1f}s "
                      f"{chapter_id}/{answer_id} {mutant.operator} line {mutant.line}: {mutant.after[:90]}", flush=True)
    summary = {}
    for m in results:
        entry = summary.setdefault(m.chapter_id, {"mutants": 0, "killed": 0, "survived": 0, "error": 0})
        entry["mutants"] += 1
        entry[m.verdict] += 1
    print(json.dumps(summary, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "mutants": [asdict(m) for m in results]}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
