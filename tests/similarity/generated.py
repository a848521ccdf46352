"""Generated classes for the similarity report: development classes to choose its settings on,
and large classes to measure its cost. Both are made from the course's own answer texts; the
frozen evaluation class (``class/``) is never used here.

Texts, per answer cell, in *families* (texts of one family are edits of one text, so two of
them are never independent): the solution with the course's known-wrong answers
(``course/*/known_wrong/``, each the solution with one change); the held-out answers
(``tests/known_wrong_heldout/``); each unusual correct answer (``tests/unusual_correct/``).

A *development class* of a chapter: one independent student per family (a random member), a
student who copies one of them whole (``disguise``: names changed, statements reordered where
the order does not matter, comments and docstrings changed, list-building loops turned into
comprehensions or back, temporaries pulled out), and a student who copies one long exercise
of another.

A *large class* of ``n`` students: each answer cell of each student is a random member of a
random family, disguised (which makes most of them differ), and a few students copy another
whole: what a 500-student class costs.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import nbformat

from grader.course.mistakes import known_wrong
from grader.course.model import SOLUTION_BLOCK, cell_kind, find_chapters, read_chapter
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR, REPO_ROOT
from grader.similarity.documents import SOLUTION, WHOLE, Assignment, read_assignment
from grader.similarity.normalise import conflict, effects_of

from .evaluation import Labelled

HEADER = re.compile(r"#\s*(unusual|visible|mistake|why|see|hint|heldout):")
WORDS = ["value", "item", "tmp", "res", "acc", "buf", "cur", "nxt", "idx", "arr", "vec", "mat", "out", "val",
         "data", "node", "elem", "part", "piece", "store", "total", "step", "size", "count", "left", "right",
         "first", "second", "alpha", "beta", "gamma", "delta", "foo", "bar", "baz", "qux", "tensor_a", "tensor_b",
         "grads", "grad_in", "grad_out", "result_", "answer", "thing", "stuff", "holder", "temp_val", "running"]
COMMENTS = ["compute it", "the main step", "now the gradient", "see the chapter", "careful here", "done",
            "loop over everything", "keep a copy", "shapes must match", "from the notes", "check this",
            "as in the lecture", "edge case", "the formula", "helper", "TODO tidy up"]
KEEP = {"self", "ctx", "cls"}


def chapter_ids() -> list[str]:
    return [c.chapter_id for c in find_chapters(COURSE_DIR)]


def _strip(text: str) -> str:
    lines = text.splitlines()
    while lines and HEADER.match(lines[0].strip()):
        lines.pop(0)
    return "\n".join(lines).rstrip() + "\n"


def families(chapter_id: str, with_kinds: bool = False):
    """answer grade_id -> its families of texts (the solution's family first); with ``with_kinds``
    also answer grade_id -> {"heldout": the held-out family}."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    source = read_chapter(chapter)
    found: dict[str, list[list[str]]] = {}
    for cell in source.cells:
        if cell_kind(cell) == "answer":
            found[cell.metadata["nbgrader"]["grade_id"]] = [[SOLUTION_BLOCK.sub("", cell.source)]]
    for wrong in known_wrong(chapter.folder):
        found[wrong.answer_id][0].append(_strip(wrong.code))
    held: dict[str, list[str]] = {}
    for path in sorted((REPO_ROOT / "tests" / "known_wrong_heldout" / chapter_id).glob("*.py")):
        held.setdefault(path.stem.split("__")[0], []).append(_strip(path.read_text()))
    kinds: dict[str, dict[str, list[str]]] = {g: {} for g in found}
    for grade_id, texts in held.items():
        found[grade_id].append(texts)
        kinds[grade_id]["heldout"] = texts
    for path in sorted((REPO_ROOT / "tests" / "unusual_correct" / chapter_id).glob("*.py")):
        found[path.stem.split("__")[0]].append([_strip(path.read_text())])
    return (found, kinds) if with_kinds else found


def base_assignment(chapter_id: str) -> Assignment:
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    release = nbformat.read(ASSIGNMENTS_DIR / chapter_id / chapter.notebook_name, as_version=4)
    return read_assignment(chapter_id, read_chapter(chapter), release)


# -- disguises -----------------------------------------------------------------------------------

def disguise(source: str, rng: random.Random, strength: float = 1.0) -> str:
    """A copy of ``source`` as a copier might make it: each disguise applied with probability
    ``strength`` (names, order, comments, docstrings, comprehensions, temporaries)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    if rng.random() < strength:
        _rename(tree, rng)
    if rng.random() < strength:
        _reorder(tree, rng)
    if rng.random() < strength:
        _drop_docstrings(tree)
    if rng.random() < strength * 0.6:
        _comprehensions(tree, rng)
    if rng.random() < strength * 0.4:
        _hoist(tree, rng, 1 + rng.randrange(2))
    ast.fix_missing_locations(tree)
    text = ast.unparse(tree)
    if rng.random() < strength:
        text = _recomment(text, rng)
    return text + "\n"


def _rename(tree: ast.AST, rng: random.Random) -> None:
    top = {n.name for n in getattr(tree, "body", []) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    methods = {n.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for n in c.body
               if isinstance(n, ast.FunctionDef)}
    bound = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    bound -= top | methods | KEEP
    words = rng.sample(WORDS, min(len(WORDS), len(bound)))
    mapping = {name: f"{word}{rng.randrange(10) if rng.random() < 0.3 else ''}"
               for name, word in zip(sorted(bound), words, strict=False)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in mapping:
            node.id = mapping[node.id]
        elif isinstance(node, ast.arg) and node.arg in mapping:
            node.arg = mapping[node.arg]
        elif isinstance(node, ast.keyword) and node.arg in mapping and False:
            pass


def _reorder(tree: ast.AST, rng: random.Random) -> None:
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and len(block) > 1 and isinstance(block[0], ast.stmt):
                setattr(node, field, _random_order(block, rng))


def _random_order(block: list[ast.stmt], rng: random.Random) -> list[ast.stmt]:
    effects = [effects_of(s) for s in block]
    before = {j: {i for i in range(j) if conflict(effects[i], effects[j])} for j in range(len(block))}
    done: list[int] = []
    while len(done) < len(block):
        ready = [j for j in range(len(block)) if j not in done and before[j] <= set(done)]
        done.append(rng.choice(ready))
    return [block[j] for j in done]


def _drop_docstrings(tree: ast.AST) -> None:
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and len(body) > 1 and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:]


def _comprehensions(tree: ast.AST, rng: random.Random) -> None:
    """``xs = []; for v in it: xs.append(e)`` becomes ``xs = [e for v in it]``, and back."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        out, i = [], 0
        while i < len(body):
            stmt = body[i]
            loop = body[i + 1] if i + 1 < len(body) else None
            name = _empty_list(stmt)
            if name and isinstance(loop, ast.For) and not loop.orelse and len(loop.body) == 1 \
                    and _appends_to(loop.body[0], name):
                element = loop.body[0].value.args[0]
                comp = ast.ListComp(element, [ast.comprehension(loop.target, loop.iter, [], 0)])
                out.append(ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], comp), stmt))
                i += 2
                continue
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                    and isinstance(stmt.value, ast.ListComp) and len(stmt.value.generators) == 1 \
                    and not stmt.value.generators[0].ifs and rng.random() < 0.5:
                name, comp = stmt.targets[0].id, stmt.value
                gen = comp.generators[0]
                append = ast.Expr(ast.Call(ast.Attribute(ast.Name(name, ast.Load()), "append", ast.Load()),
                                           [comp.elt], []))
                out.append(ast.copy_location(ast.Assign([ast.Name(name, ast.Store())], ast.List([], ast.Load())),
                                             stmt))
                out.append(ast.copy_location(ast.For(gen.target, gen.iter, [append], []), stmt))
                i += 1
                continue
            out.append(stmt)
            i += 1
        node.body = out


def _empty_list(stmt: ast.stmt) -> str | None:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
            and isinstance(stmt.value, ast.List) and not stmt.value.elts:
        return stmt.targets[0].id
    return None


def _appends_to(stmt: ast.stmt, name: str) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) \
        and isinstance(stmt.value.func, ast.Attribute) and stmt.value.func.attr == "append" \
        and isinstance(stmt.value.func.value, ast.Name) and stmt.value.func.value.id == name \
        and len(stmt.value.args) == 1


def _hoist(tree: ast.AST, rng: random.Random, times: int) -> None:
    """Pull ``times`` sub-expressions of assignments out into temporaries."""
    for _ in range(times):
        sites = []
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if not isinstance(body, list):
                continue
            for index, stmt in enumerate(body):
                if isinstance(stmt, ast.Assign | ast.Return) and stmt.value is not None:
                    inner = [n for n in ast.walk(stmt.value) if isinstance(n, ast.Call | ast.BinOp)
                             and n is not stmt.value and not _has_local(n)]
                    if inner:
                        sites.append((node, index, stmt, inner))
        if not sites:
            return
        node, index, stmt, inner = rng.choice(sites)
        target = rng.choice(inner)
        name = f"{rng.choice(WORDS)}_{rng.randrange(100)}"
        copy = ast.parse(ast.unparse(target), mode="eval").body
        _replace(stmt, target, ast.Name(name, ast.Load()))
        node.body.insert(index, ast.Assign([ast.Name(name, ast.Store())], copy))


def _has_local(node: ast.AST) -> bool:
    """Whether an expression uses a comprehension's or a lambda's own variable (it cannot move)."""
    return any(isinstance(n, ast.Lambda | ast.ListComp | ast.GeneratorExp | ast.DictComp | ast.SetComp)
               for n in ast.walk(node))


def _replace(root: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for node in ast.walk(root):
        for field, value in ast.iter_fields(node):
            if value is old:
                setattr(node, field, new)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new


def _recomment(text: str, rng: random.Random) -> str:
    lines = []
    for line in text.splitlines():
        if line.strip() and rng.random() < 0.2:
            indent = line[:len(line) - len(line.lstrip())]
            lines.append(f"{indent}# {rng.choice(COMMENTS)}")
        lines.append(line)
    return "\n".join(lines)


# -- the classes ---------------------------------------------------------------------------------

def development_class(chapter_id: str, seed: int) -> Labelled:
    """One development class of a chapter (see the module's docstring). Two authors whose texts
    of an exercise come from one family (and are not a labelled copy) are related."""
    rng = random.Random(f"{chapter_id}/{seed}")
    assignment = base_assignment(chapter_id)
    fams, kinds = families(chapter_id, with_kinds=True)
    order = [g for u in assignment.units if u.name != WHOLE for g in u.answer_ids]
    width = max(len(f) for f in fams.values())
    students: dict[str, dict[str, str]] = {f"d{i}": {} for i in range(width)}
    family: dict[tuple[str, str], int] = {(SOLUTION, g): 0 for g in fams}
    heldout = set()
    for grade_id, groups in fams.items():
        for i, group in enumerate(groups):
            # the solution's family gives a known-wrong answer, never the solution itself
            students[f"d{i}"][grade_id] = rng.choice(group[1:] if i == 0 and len(group) > 1 else group)
            family[(f"d{i}", grade_id)] = i
            if group is kinds[grade_id].get("heldout"):
                heldout.add((f"d{i}", grade_id))
    labelled = Labelled(assignment)
    exercise_of = {g: u.name for u in assignment.units if u.name != WHOLE for g in u.answer_ids}
    copies: dict[str, set[frozenset[str]]] = {}

    def copy(copier: str, source: str, grade_ids, strength: float) -> None:
        students.setdefault(copier, {})
        for grade_id in grade_ids:
            students[copier][grade_id] = disguise(students[source][grade_id] if source != SOLUTION
                                                  else assignment.solution[grade_id], rng, strength)
            family[(copier, grade_id)] = family[(source, grade_id)]
            copies.setdefault(exercise_of[grade_id], set()).add(frozenset({copier, source}))

    independent = sorted(students)
    full = [s for s in independent if len(students[s]) == len(order)] or independent
    source = rng.choice(full)
    copy("copier", source, list(students[source]), 1.0)
    long_units = [u for u in assignment.units if u.name != WHOLE and not u.short]
    if long_units:
        unit = rng.choice(long_units)
        givers = [s for s in independent if s != source and all(g in students[s] for g in unit.answer_ids)]
        victims = [s for s in independent if s != source]
        if givers and len(victims) > 1:
            giver = rng.choice(givers)
            victim = rng.choice([v for v in victims if v != giver])
            copy(victim, giver, unit.answer_ids, 0.7)
        copy("solver", SOLUTION, rng.choice(long_units).answer_ids, 1.0)
    labelled.copies = copies
    for student, cells in students.items():
        assignment.students[student] = [(g, cells[g]) for g in order if g in cells]
    labelled.family = family
    # as in the frozen class: a held-out answer and the published solution are related
    labelled.related_cells = {(author, g) for author, g in heldout}
    return labelled


def large_class(chapter_id: str, n: int, seed: int = 0, copiers: int = 10) -> tuple[Assignment, list[tuple[str, str]]]:
    """A class of ``n`` students (see the module's docstring) and the (copier, source) pairs in it."""
    rng = random.Random(f"large/{chapter_id}/{n}/{seed}")
    assignment = base_assignment(chapter_id)
    fams = families(chapter_id)
    order = [g for u in assignment.units if u.name != WHOLE for g in u.answer_ids]
    cells: dict[str, dict[str, str]] = {}
    for s in range(n - copiers):
        cells[f"s{s:03d}"] = {g: disguise(rng.choice(rng.choice(fams[g])), rng, strength=0.8) for g in order
                              if rng.random() < 0.95}
    planted = []
    for c in range(copiers):
        source = rng.choice(sorted(cells))
        cells[f"c{c:03d}"] = {g: disguise(t, rng) for g, t in cells[source].items()}
        planted.append((f"c{c:03d}", source))
    for student, mine in cells.items():
        assignment.students[student] = [(g, mine[g]) for g in order if g in mine]
    return assignment, planted


def write_fake_run(assignment: Assignment, chapter_id: str, out: Path) -> Path:
    """An OUT folder as a grading run leaves it (template source and release, one graded
    ``result.json`` and submitted notebook per student), without grading anything."""
    import shutil

    from grader.records.jobs import JobResult, job_dir

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    release_path = ASSIGNMENTS_DIR / chapter_id / chapter.notebook_name
    for kind, nb in (("source", read_chapter(chapter)), ("release", nbformat.read(release_path, as_version=4))):
        target = out / "template" / kind / chapter_id / chapter.notebook_name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
    release = nbformat.read(release_path, as_version=4)
    for student, cells in assignment.students.items():
        if student == SOLUTION:
            continue
        folder = job_dir(out, student, chapter_id)
        submitted = folder / "course" / "submitted" / student / chapter_id
        submitted.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook_of(release, cells), submitted / chapter.notebook_name)
        result = JobResult(student, chapter_id, "fake", "fake", 1.0)
        (folder / "result.json").write_text(result.to_json())
    shutil.rmtree(out / "feedback", ignore_errors=True)
    return out


def notebook_of(release: nbformat.NotebookNode, cells: list[tuple[str, str]]) -> nbformat.NotebookNode:
    """The release with these answer cells filled in and these added cells inserted."""
    nb = nbformat.from_dict(release)
    answers = {label: text for label, text in cells if not label.startswith("added")}
    added = [(label.removeprefix("added after "), text) for label, text in cells if label.startswith("added")]
    out = []
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if cell_kind(cell) == "answer" and grade_id in answers:
            cell.source = answers[grade_id]
        out.append(cell)
        for n, (after, text) in enumerate(added):
            if after == grade_id:
                new = nbformat.v4.new_code_cell(text)
                new["id"] = f"added-{grade_id}-{n}"
                out.append(new)
    nb.cells = out
    return nb
