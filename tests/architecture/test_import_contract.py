"""The grader's house: rooms on a ladder, imports that only go down, no circle anywhere.

Read from the source (``grader.imports``: every import, at the top of a module or inside a
function). A room is a folder of ``grader/`` or one of its top-level modules. ``LADDER`` lists
the rooms from the bottom up: a module imports modules of its own room and of rooms on lower
rungs only, and rooms on one rung do not import each other. An entry point (a ``__main__``
module) stands above every rung: it may import any room and no module imports it.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

from grader.imports import ROOT, graph, module_files

#: The rungs, from the bottom up (grader/README.md draws them).
LADDER = (
    {"errors", "paths", "imports", "files"},
    {"csv_safe"},
    {"course"},
    {"records", "i18n", "judge"},
    {"intake", "sandbox", "examples", "student_lab"},
    {"feedback"},
    {"pipeline", "engine"},
    {"gradebook", "class_report", "similarity"},
    {"run"},
    {"translation", "service"},
    {"cli"},
)
#: About 15 modules a room at most (``__init__`` files not counted).
MOST_MODULES = 15


def room(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def is_entry_point(module: str) -> bool:
    return module.split(".")[-1] == "__main__"


RUNG = {name: level for level, rooms in enumerate(LADDER) for name in rooms}
EDGES = graph()


def test_every_room_stands_on_the_ladder():
    rooms = {room(m) for m in EDGES if room(m) and not is_entry_point(m)}
    assert rooms == set(RUNG), f"rooms not on the ladder: {sorted(rooms - set(RUNG))}; " \
                               f"rungs naming no room: {sorted(set(RUNG) - rooms)}"


def test_imports_only_go_down_the_ladder():
    wrong = []
    for module, imported in sorted(EDGES.items()):
        if not room(module) or is_entry_point(module):
            continue
        for other in sorted(imported):
            if is_entry_point(other):
                wrong.append(f"{module} imports the entry point {other}")
            elif room(other) != room(module) and RUNG[room(other)] >= RUNG[room(module)]:
                where = "beside it" if RUNG[room(other)] == RUNG[room(module)] else "above it"
                wrong.append(f"{module} imports {other}, a room {where}")
    assert not wrong, "\n".join(wrong)


def _circles(edges: dict[str, frozenset[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_module_of_the_grader_is_part_of_an_import_circle():
    assert _circles(EDGES) == []


def test_the_circle_finder_finds_a_circle():
    edges = {"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})}
    assert _circles(edges) == [["a", "b", "c"]]


@pytest.mark.parametrize("package", ["kernel_agent", "kernel_template"])
def test_what_runs_beside_student_code_imports_nothing_of_the_grader(package):
    wrong = []
    for name, path in module_files(package).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            wrong += [f"{name} imports {n}" for n in names if n.split(".")[0] == "grader"]
    assert not wrong, wrong


def test_no_room_holds_more_than_about_fifteen_modules():
    sizes = Counter(room(m) for m, path in module_files().items() if room(m) and path.name != "__init__.py")
    assert max(sizes.values()) <= MOST_MODULES, {r: n for r, n in sizes.items() if n > MOST_MODULES}


def test_no_two_modules_of_the_grader_share_a_file_name():
    names = Counter(p.name for p in (ROOT / "grader").rglob("*.py") if p.name not in ("__init__.py", "__main__.py"))
    assert [n for n, count in names.items() if count > 1] == []


def test_every_room_says_its_one_job_first():
    silent = []
    for folder in sorted(p for p in (ROOT / "grader").iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        if not doc:
            silent.append(folder.name)
    assert not silent, f"rooms whose __init__.py says nothing of their job: {silent}"


def test_the_reader_of_the_graph_sees_imports_inside_functions(tmp_path):
    package = tmp_path / "house"
    (package / "low").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low" / "__init__.py").write_text("")
    (package / "low" / "a.py").write_text("def f():\n    from house.high import b\n")
    (package / "high.py").write_text("from house.low import a\nimport house.low\n")
    edges = graph("house", Path(tmp_path))
    assert edges["house.low.a"] == {"house.high"} and edges["house.high"] == {"house.low.a", "house.low"}


def test_the_withheld_stub_runs_in_the_kernel_on_the_standard_library_alone():
    """``withheld_stub.py`` becomes ``autograd_lib/_withheld.py`` in every build: the kernel imports
    it, so it must import nothing of the grader's, nor ``kernel_agent`` (SECURITY.md relies on the
    agent leaving ``sys.modules``)."""
    path = ROOT / "grader" / "course" / "kernel_library" / "withheld_stub.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"json", "pathlib"}, imported
