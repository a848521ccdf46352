"""What in a chapter's kernel library could answer one of its exercises: the inventory.

Run in a process that imports the chapter's kernel library (``grader.course.kernel_library``; the
``rehearsal_process`` child does), it walks every module, class and function of that
``autograd_lib`` and looks for the chapter's answers three ways:

- **by code**: each withheld function of the chapter (its answer functions, ``references``) must
  have the build's raising body, not the library's;
- **by syntax**: no function of the build may have the body of a withheld function (docstrings
  aside), under whatever name: a copy of an answer somewhere else would be one;
- **by behaviour**: for each exercise, every class of the build that could stand for an answer
  class (a subclass of its base) and every function that takes the answer function's arguments is
  put in the answer's place, and the exercise's test cells are run with the judge: none may pass.

An exercise the chapter keeps in its kernel on purpose (``kernel_library.KEPT``) is reported, not
counted: those are the listed exceptions of ``grader/SECURITY.md``.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
import pkgutil
import signal
import textwrap
import types
from dataclasses import dataclass, field
from pathlib import Path

#: Seconds one candidate may take over one test cell (most fail at once).
CANDIDATE_SECONDS = 3.0


@dataclass
class Inventory:
    """What the walk found: ``problems`` must be empty for the chapter's kernel to hold no answer."""

    modules: int = 0
    functions: int = 0
    classes: int = 0
    candidates: int = 0
    problems: list[str] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)  # passes by exercises that KEPT lists


def walk(package: str = "autograd_lib") -> tuple[list[types.ModuleType], list[tuple[str, object]]]:
    """Every module of ``package``, and every class and function reachable from them (methods,
    static and class methods, properties' functions, decorators' wrapped functions), once each."""
    root = importlib.import_module(package)
    modules = [root] + [importlib.import_module(m.name) for m in pkgutil.walk_packages(root.__path__, f"{package}.")]
    found: dict[int, tuple[str, object]] = {}

    def visit(name: str, value, depth: int = 0) -> None:
        if id(value) in found or depth > 6:
            return
        if isinstance(value, (staticmethod, classmethod)):
            return visit(name, value.__func__, depth + 1)
        if isinstance(value, property):
            for part in (value.fget, value.fset, value.fdel):
                if part is not None:
                    visit(name, part, depth + 1)
            return
        if isinstance(value, types.FunctionType) and (value.__module__ or "").startswith(package):
            found[id(value)] = (name, value)
            if hasattr(value, "__wrapped__"):
                visit(name, value.__wrapped__, depth + 1)
        elif isinstance(value, type) and (value.__module__ or "").startswith(package):
            found[id(value)] = (name, value)
            for member, attribute in vars(value).items():
                visit(f"{name}.{member}", attribute, depth + 1)

    for module in modules:
        for member, value in vars(module).items():
            visit(f"{module.__name__}.{member}", value)
    return modules, list(found.values())


def _body_dump(source: str) -> str | None:
    """A function's body as a syntax tree (docstring, name and signature aside), or None."""
    try:
        tree = ast.parse(textwrap.dedent(source))
    except SyntaxError:
        return None
    node = tree.body[0] if tree.body else None
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return ast.dump(ast.Module(body=body, type_ignores=[]), include_attributes=False) if body else None


def _functions(objects):
    return [(name, obj) for name, obj in objects if isinstance(obj, types.FunctionType)]


def inventory(nb_text: str, cwd: str, withheld: list[dict], kept: dict[str, str], originals: dict[str, str],
              behaviour: bool = True) -> Inventory:
    """The inventory of this process's autograd_lib for the chapter of the source notebook
    ``nb_text``. ``withheld`` is the build's manifest (``kernel_library.read_withheld``), ``kept``
    the chapter's ``KEPT``, ``originals`` the library's source of each of the chapter's withheld
    functions (dotted name -> the ``def``)."""
    found = Inventory()
    modules, objects = walk()
    found.modules = len(modules)
    found.functions = len(_functions(objects))
    found.classes = sum(isinstance(o, type) for _, o in objects)
    answer_bodies = {name: _body_dump(source) for name, source in originals.items()}
    by_location = {}
    for _name, obj in _functions(objects):
        by_location.setdefault((obj.__module__, obj.__code__.co_qualname), obj)
    for entry in withheld:
        module, _, qualname = _split(entry["function"])
        obj = by_location.get((module, qualname))
        if obj is None:
            found.problems.append(f"{entry['function']} is withheld but not found in the build")
        elif "withheld" not in obj.__code__.co_names:
            found.problems.append(f"{entry['function']} keeps a body other than the build's raise")
    for name, obj in _functions(objects):
        try:
            source = inspect.getsource(obj)
        except (OSError, TypeError):
            continue
        body = _body_dump(source)
        for answer, answer_body in answer_bodies.items():
            if body is not None and body == answer_body:
                found.problems.append(f"{name} has the body of the answer {answer}")
    if behaviour:
        _behaviour(found, nb_text, cwd, withheld, kept, objects)
    return found


def file_leaks(package: Path, withheld: list[dict], originals: dict[str, str]) -> list[str]:
    """The by-code and by-syntax checks on the build's files, without importing it: every
    withheld function's body is the build's raise, and no function anywhere in the files (nested
    ones too) has the body of an answer."""
    from grader.course.kernel_library import STUB_MODULE, definitions

    answers = {name: _body_dump(source) for name, source in originals.items()}
    problems = []
    trees = {}
    for path in sorted(Path(package).rglob("*.py")):
        relative = path.relative_to(package).with_suffix("")
        module = ".".join([package.name, *relative.parts]).removesuffix(".__init__")
        trees[module] = tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                body = _body_dump(ast.unparse(node))
                for answer, answer_body in answers.items():
                    if body is not None and body == answer_body:
                        problems.append(f"{module}, line {node.lineno}: {node.name} has the body of {answer}")
    for entry in withheld:
        module, qualname = _module_and_qualname(entry["function"], trees)
        node = dict(definitions(trees[module])).get(qualname) if module else None
        stub = node is not None and any(isinstance(n, ast.ImportFrom) and n.module == f"{package.name}.{STUB_MODULE}"
                                        for n in ast.walk(node))
        if not stub:
            problems.append(f"{entry['function']} is not withheld in the build's files")
    return problems


def _module_and_qualname(dotted: str, modules) -> tuple[str | None, str]:
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        if ".".join(parts[:cut]) in modules:
            return ".".join(parts[:cut]), ".".join(parts[cut:])
    return None, dotted


def _split(dotted: str) -> tuple[str, str, str]:
    """(module, '.', qualname) of a function's dotted name: the longest importable prefix."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        return ".".join(parts[:cut]), ".", ".".join(parts[cut:])
    raise ImportError(dotted)


# -- by behaviour --------------------------------------------------------------------------------

def _behaviour(found: Inventory, nb_text: str, cwd: str, withheld: list[dict], kept: dict[str, str],
               objects) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import nbformat

    import autograd_lib
    from grader.course.kernel_library import read_releases, read_while_judged
    from grader.course.model import HIDDEN_BLOCK, SOLUTION_BLOCK, cell_kind, exercises, hidden_tests
    from grader.judge.channel import LoopbackChannel
    from grader.judge.judge import Judge
    from grader.judge.releases import Releases

    nb = nbformat.reads(nb_text, as_version=4)
    listed = exercises(nb)
    kept_exercises = {e["exercise"] for e in withheld if e["function"] in kept}
    kept_exercises |= _kept_exercises(nb, kept)
    judge = Judge(hidden_tests(nb), 20261129, time_limit=CANDIDATE_SECONDS * 4)
    namespace: dict = {"__name__": "__main__"}
    channel = LoopbackChannel(namespace)
    build = Path(autograd_lib.__file__).resolve().parents[2]  # BUILD/lib/autograd_lib/__init__.py
    releases = Releases({e.name: list(e.test_ids) for e in listed}, read_releases(build), read_while_judged(build))
    releases.reset(channel)
    first_test = {e.name: min(i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id")
                             in e.test_ids) for e in listed if e.test_ids}
    names = _answer_names(nb)
    with contextlib.chdir(cwd), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for index, cell in enumerate(nb.cells):
            exercise = next((e for e in listed if first_test.get(e.name) == index), None)
            if exercise is not None:
                candidates = _candidates(exercise, names, namespace, objects)
                found.candidates += len(candidates)
                # test cells that pass without this answer at all (another answer of the exercise
                # is what they test) say nothing about a candidate
                without = {answer: set(_try(judge, releases, channel, namespace, nb, exercise, answer, _ABSENT))
                           for answer in names.get(exercise.name, [])}
                for answer, candidate_name, candidate in candidates:
                    passed = [t for t in _try(judge, releases, channel, namespace, nb, exercise, answer, candidate)
                              if t not in without[answer]]
                    plt.close("all")
                    if passed:
                        text = f"{exercise.name}: {candidate_name} in place of {answer} passes {', '.join(passed)}"
                        (found.exceptions if exercise.name in kept_exercises else found.problems).append(text)
            if cell.cell_type != "code":
                continue
            _run(HIDDEN_BLOCK.sub("", SOLUTION_BLOCK.sub("", cell.source)), namespace)
            plt.close("all")
            if cell_kind(cell) == "test":
                releases.before(cell.metadata["nbgrader"]["grade_id"], channel)
                judge.judge(cell.metadata["nbgrader"]["grade_id"], channel)
                releases.after(cell.metadata["nbgrader"]["grade_id"], channel)  # as grading gives them back


def _kept_exercises(nb, kept: dict[str, str]) -> set[str]:
    from grader.course.model import cell_kind
    from grader.course.references import answer_functions

    return {f.exercise for c in nb.cells if cell_kind(c) == "answer" for f in answer_functions(c) if f.dotted in kept}


def _answer_names(nb) -> dict[str, list[str]]:
    """exercise -> the names its answer cells define."""
    from grader.course.model import SOLUTION_BLOCK, cell_kind

    found: dict[str, list[str]] = {}
    for cell in nb.cells:
        if cell_kind(cell) != "answer":
            continue
        tree = ast.parse(SOLUTION_BLOCK.sub("", cell.source))
        defined = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
        found.setdefault(cell.metadata.get("exercise"), []).extend(defined)
    return found


def _candidates(exercise, names: dict[str, list[str]], namespace: dict, objects) -> list[tuple[str, str, object]]:
    """(answer name, candidate's name, candidate) for every object of the build that could be put
    in the place of one of the exercise's answers."""
    found = []
    for answer in names.get(exercise.name, []):
        solution = namespace.get(answer)
        if isinstance(solution, type):
            # the nearest base the library defines (a Function, a Module, a Tensor...); any class for
            # an answer that derives from no library class
            bases = [b for b in solution.__mro__[1:] if (b.__module__ or "").startswith("autograd_lib")]
            base = bases[0] if bases else object
            found += [(answer, name, obj) for name, obj in objects if isinstance(obj, type)
                      and issubclass(obj, base) and obj is not solution]
        elif callable(solution):
            arity = _required(solution)
            found += [(answer, name, obj) for name, obj in _functions(objects) if _accepts(obj, arity)]
    return found


def _required(function) -> int:
    try:
        return sum(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
                   for p in inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        return 0


def _accepts(function, arity: int) -> bool:
    try:
        inspect.signature(function).bind(*range(arity))
    except TypeError:
        return False
    except ValueError:
        return False
    return True


_ABSENT = object()  # in the place of an answer: the name is not defined at all


class _TookTooLong(Exception):
    pass


def _alarm(*_args):
    raise _TookTooLong("the candidate took too long")


def _try(judge, releases, channel, namespace: dict, nb, exercise, answer: str, candidate) -> list[str]:
    """The test cells of ``exercise`` that pass with ``candidate`` in the place of ``answer`` (its
    hidden tests judged as in grading: the exercise's kept functions switched off meanwhile)."""
    from grader.course.model import HIDDEN_BLOCK

    cells = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in nb.cells}
    saved = dict(namespace)
    if candidate is _ABSENT:
        namespace.pop(answer, None)
    else:
        namespace[answer] = candidate
    passed = []
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for test_id in exercise.test_ids:
            signal.setitimer(signal.ITIMER_REAL, CANDIDATE_SECONDS)
            try:
                visible = _run(HIDDEN_BLOCK.sub("", cells[test_id].source), namespace)
                releases.before(test_id, channel)
                verdict = judge.judge(test_id, channel)
            except _TookTooLong:
                continue
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
                releases.stand_up(channel)
            if visible is None and verdict.passed:
                passed.append(test_id)
    finally:
        signal.signal(signal.SIGALRM, previous)
        namespace.clear()
        namespace.update(saved)
    return passed


def _run(source: str, namespace: dict) -> str | None:
    try:
        exec(compile(source, "<inventory cell>", "exec"), namespace)
    except _TookTooLong:
        raise
    except BaseException as error:  # a cell may raise anything
        return f"{type(error).__name__}: {error}"
    return None
