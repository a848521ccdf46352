"""The trusted side's rules on a submission's code: what its syntax shows of how an answer was computed.

This module is the judge's: a pure function from the text of the submitted cells to findings,
never running them and knowing nothing of nbgrader. ``grader.pipeline.preprocessors.static_findings``
is the pipeline's step that applies it to a submitted notebook before its kernel starts, and
turns the findings into zeroed exercises and held notebooks. The first wall is elsewhere: the
grading kernel holds no answer of its chapter (``grader.course.kernel_library``), so this check is
what explains, in feedback, why an exercise scored 0, and what covers the routes that remain
(torch's own functions, the chapter's listed exceptions; ``grader/SECURITY.md``).

The judge compares values; it cannot see how the kernel computed them. So an exercise answered
by calling the very code it asks for (its ``library:`` reference in autograd_lib or torch) would
pass. This check reads the student's code cells (answer cells and any cell the student added),
without running them, and reports:

- **references**: a name, an import, an attribute path, a base class, a default argument or a
  star import that reaches an exercise's reference (under any of the names autograd_lib exports it
  by), in a cell that comes before that exercise's last test cell (torch's and numpy's: in the
  exercise's own answer cells). The exercise scores 0, and the feedback says why.
- **machinery**: code that reaches the grading machinery in the kernel (the IPython shell, the
  kernel, its comms, the grading agent, ``sys.modules``, ``sys.path``, frames, code objects,
  ``gc``, ``ctypes``), hides what it calls (``exec``, ``eval``, ``compile``, ``__import__``,
  ``importlib``, ``pickle``, ``getattr``/``vars``/``__dict__`` on a library object with a computed
  name, a module that is not part of the course's environment, such as a file written beside the
  notebook), or changes what a library module or class holds (``np.allclose = ...``,
  ``del autograd_lib.Tensor.add_``: the way to fake a behaviour the hidden tests check). Such code
  could make the kernel answer the judge
  with values the student's code did not compute, so the notebook scores 0, flagged for an
  instructor to review (who can give the points back in nbgrader). No exercise of the course
  needs any of it;
- **the engine as a rule**: a backward or forward rule of an answer that calls an engine
  (``backward``, ``grad``, ``autograd.grad``, ``torch.func`` transforms; ``engine_rules``): the
  notebook is flagged for review with the reason, its score left to the instructor;
- **dynamic access**: code that changes the environment without reaching the judge
  (``sys.settrace``, ``signal``, ``os``-level process calls, sockets): it cannot raise a score, so
  the notebook is only flagged. The notebook is flagged for an
  instructor to read; the score is left alone, because honest code uses some of these too.

What it cannot see: a reference reached through data (a string built at run time and looked up
in a way not listed above), or an answer computed by hand-copying the reference's code. The
grading docs say so.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import pkgutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from grader.judge import engine_rules

REFERENCE, MACHINERY, DYNAMIC = "reference", "machinery", "dynamic access"
#: a derivative rule that asks an engine for its answer (``engine_rules``): flagged, like dynamic access
ENGINE = "engine as a rule"

MACHINERY_CALLS = {"exec", "eval", "compile", "__import__", "globals", "breakpoint"}
MACHINERY_NAMES = {"get_ipython", "__builtins__", "__IPYTHON__", "__loader__", "__spec__"}
MACHINERY_MODULES = {"importlib", "ctypes", "gc", "IPython", "ipykernel", "comm", "kernel_agent", "zmq",
                     "jupyter_client", "traitlets", "tornado", "runpy", "zipimport", "pkgutil", "marshal", "pickle",
                     "shelve", "dill", "cloudpickle", "code", "codeop",
                     # a name looked up from a string (pydoc.locate), a folder put on the import path
                     # (site.addsitedir), frames handed out (stack_data, executing)
                     "pydoc", "site", "stack_data", "executing", "pure_eval"}
MACHINERY_ATTRIBUTES = {"__code__", "__globals__", "__builtins__", "__closure__", "__subclasses__", "f_globals",
                        "f_locals", "f_back", "f_code", "gi_frame", "tb_frame", "__import__", "__loader__",
                        "__spec__", "comm_manager", "user_ns", "user_global_ns", "_msg_callback", "kernel_agent"}
MACHINERY_PATHS = {"sys.modules", "sys._getframe", "sys.meta_path", "sys.path_hooks", "sys.path_importer_cache",
                   "sys.path", "operator.attrgetter", "operator.methodcaller"}  # (attribute names from strings)
HARMLESS_MODULES = {"IPython.display"}  # showing HTML, Markdown, images: no reach into the shell
#: Modules the course's own environment provides beyond what ``find_spec`` sees from here (none yet).
ENVIRONMENT_MODULES: set[str] = set()
DYNAMIC_MODULES = {"builtins", "socket", "subprocess", "multiprocessing", "signal", "inspect", "threading"}
DYNAMIC_PATHS = {"sys.settrace", "sys.setprofile", "sys.stdout", "sys.stderr", "sys.excepthook", "sys.displayhook",
                 "os.system", "os.fork", "os.kill", "os._exit", "os.exec", "os.environ"}
COMPUTED_LOOKUPS = {"getattr", "setattr", "delattr", "hasattr"}
#: How deep a cell's syntax may nest for the check to read it (a chain of about 3,000 ``+``); a
#: deeper cell is held for review: nothing can be said of what it calls.
READ_DEPTH = 10_000
TOO_DEEP = ("this cell's code nests too deeply for the check to read it (an expression thousands of "
            "operations long): nothing can be said of what it calls, so the notebook is held for an "
            "instructor to review")
#: The same lookups spelt as the dunder methods of a type: ``type(m).__getattribute__(m, name)``.
DUNDER_LOOKUPS = {"__getattribute__": "getattr", "__getattr__": "getattr", "__setattr__": "setattr",
                  "__delattr__": "delattr"}


@dataclass(frozen=True)
class Finding:
    """One thing the check saw: a reference (zeroes ``exercise``), machinery (zeroes the notebook,
    flagged for review) or dynamic access (a flag)."""

    kind: str
    cell: int
    message: str
    exercise: str | None = None


@dataclass(frozen=True)
class CodeCell:
    """A code cell as the check reads it: its position, text, whether the student wrote it, and
    the exercise it answers (an answer cell's; None for any other cell)."""

    index: int
    source: str
    by_student: bool
    exercise: str | None = None


#: References in this package count in every student cell before the exercise's last test; any
#: other package's (torch's, numpy's) count in the exercise's own answer cells only: the chapters
#: use torch as the yardstick in their own cells, and a student comparing with it in a cell of
#: their own is not answering with it.
COURSE_PACKAGE = "autograd_lib"


@cache
def aliases(dotted: str) -> frozenset[str]:
    """Every dotted path under the reference's top package that names the same object.

    ``autograd_lib.nn.linear_function.LinearFunction`` is also ``autograd_lib.nn.functional.
    LinearFunction``; a method ``autograd_lib.tensor.Tensor.__mul__`` is also ``autograd_lib.
    Tensor.__mul__`` and ``autograd_lib.Tensor.mul`` when the class binds it under both names. All
    count. torch is not walked (too large); its names count as given and as the module that
    defines the object.
    """
    found = {dotted}
    target = _resolve(dotted)
    top = dotted.split(".")[0]
    if target is not None and top != "autograd_lib":
        # torch's names count as given, and as where the object is defined (``torch.optim.SGD``
        # is ``torch.optim.sgd.SGD``)
        defined = f"{getattr(target, '__module__', None)}.{getattr(target, '__qualname__', None)}"
        if defined.startswith(top + ".") and _resolve(defined) is target:
            found.add(defined)
        return frozenset(found)
    if target is None:
        return frozenset(found)
    parent, _, attr = dotted.rpartition(".")
    owner = _resolve(parent)
    if isinstance(owner, type):  # a method or class attribute: every path to the class, every name in it
        names = [name for name, value in vars(owner).items() if value is vars(owner).get(attr, target)]
        return frozenset({f"{path}.{name}" for path in aliases(parent) for name in names} | found)
    package = importlib.import_module(top)
    modules = [package] + [importlib.import_module(m.name) for m in
                           pkgutil.walk_packages(package.__path__, prefix=f"{top}.")]
    for module in modules:
        for name, value in vars(module).items():
            if value is target:
                found.add(f"{module.__name__}.{name}")
    return frozenset(found)


def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part, None)
            if value is None:
                return None
        return value
    return None


def check(cells: Sequence[CodeCell], references: dict[str, Sequence[str]],
          last_test_cell: dict[str, int], answer_names: dict[str, Sequence[str]] | None = None) -> list[Finding]:
    """Findings in the student's cells.

    ``references`` maps an exercise to the dotted names it must not use; ``last_test_cell`` maps
    it to the index of its last test cell (a reference after that cannot change its grade);
    ``answer_names`` maps it to the names its answer cells bind (``LinearFunction``).

    Other packages' references (torch's) count in the code that answers an exercise: its answer
    cells, a cell of the student's own that binds one of the exercise's answer names again (a
    second ``LinearFunction``), and every function or class of the student's own cells that such
    code calls, directly or through other helpers.
    """
    # an alias may be the reference of several exercises (torch's F.linear: LinearFunction and linear)
    forbidden = sorted({(alias, exercise) for exercise, names in references.items() for name in names
                        for alias in aliases(name)})
    answer_names = {e: set(names) for e, names in (answer_names or {}).items()}
    bindings: dict[str, str] = {}
    read: list[tuple[CodeCell, _CellReader]] = []
    too_deep: list[Finding] = []
    for cell in cells:
        try:
            with _room_to_read():
                tree = ast.parse(cell.source)
                reader = _CellReader(bindings)
                reader.visit(tree)
        except SyntaxError:
            continue  # it will fail when it runs; nothing to read here
        except (RecursionError, MemoryError):
            if cell.by_student:
                too_deep.append(Finding(MACHINERY, cell.index, TOO_DEEP))
            continue
        if cell.by_student:
            read.append((cell, reader))
    helpers: dict[str, list[tuple[int, list, set]]] = {}  # name -> (cell, paths inside, names it loads)
    for cell, reader in read:
        for name, paths in reader.owned_paths.items():
            helpers.setdefault(name, []).append((cell.index, paths, reader.owned_loads.get(name, set())))
    findings: list[Finding] = []
    for cell, reader in read:
        answers = {cell.exercise} if cell.exercise else set()
        answers |= {e for e, names in answer_names.items() if names & reader.top_bound}
        uses = [(path, imported, f"line {line}", False) for path, line, imported in reader.paths]
        uses += [(path, imported, where, True) for path, imported, where in _through_helpers(cell, reader, helpers)]
        for path, imported, where, through in uses:
            for alias, exercise in forbidden:
                library = alias.split(".")[0] == COURSE_PACKAGE
                if (through and library) or (not library and exercise not in answers):
                    continue  # the library's count in every cell (the helper's own cell included)
                if _reaches(path, alias, imported) and cell.index < last_test_cell.get(exercise, -1):
                    findings.append(Finding(REFERENCE, cell.index, (
                        f"{where} uses {alias}, the reference implementation of {exercise}: an exercise "
                        "must be answered with your own code"), exercise))
        findings.extend(Finding(kind, cell.index, f"line {line}: {what}") for kind, what, line in reader.dynamic)
    readable = [c for c in cells if not any(f.cell == c.index for f in too_deep)]
    with _room_to_read():
        engine = engine_rules.engine_calls(engine_rules.as_cells(readable))
    findings += [Finding(ENGINE, index, f"line {line}: {engine_rules.describe(rule, what)}",
                         next(c.exercise for c in cells if c.index == index)) for index, line, rule, what in engine]
    return _unique(too_deep + findings)


@contextlib.contextmanager
def _room_to_read():
    """Python's recursion limit raised to ``READ_DEPTH`` while a cell is read (the syntax tree of
    a long chain such as ``1+1+...+1`` is as deep as the chain; reading it is pure Python, so the
    limit, not the machine's stack, is what stops it), and put back after."""
    import sys

    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, READ_DEPTH))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def _through_helpers(cell: CodeCell, reader: _CellReader, helpers: dict) -> list[tuple[str, bool, str]]:
    """(path, imported, where) of every use inside the functions and classes of the student's
    cells that ``cell`` calls by name, directly or through one another (not ``cell``'s own)."""
    found, seen = [], set()
    todo = [n for n in reader.loaded if n not in reader.owned_paths]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for index, paths, loads in helpers.get(name, []):
            if index == cell.index:
                continue
            found += [(path, imported, f"line {line} of cell {index} (in {name}, which this cell uses)")
                      for path, line, imported in paths]
            todo += [n for n in loads if n not in seen]
    return found


def _reaches(path: str, alias: str, imported: bool) -> bool:
    """Whether ``path`` reaches the reference ``alias`` (itself, or an attribute of it).

    A name can be both a module and the reference (``autograd_lib.gradcheck`` is the function and
    the module it lives in): then importing the module, or a name from it, is not a use of the
    reference; only reaching it as an attribute is.
    """
    if path.endswith(".*"):  # a star import: the module's public names, and what is inside them
        prefix = path[:-1]
        return alias.startswith(prefix) and not alias[len(prefix):].startswith("_")
    if path == alias:
        return not (imported and _is_module(alias))
    return path.startswith(alias + ".") and not _is_module(alias)


def _unique(findings: Iterable[Finding]) -> list[Finding]:
    seen, kept = set(), []
    for finding in findings:
        key = (finding.kind, finding.cell, finding.message, finding.exercise)
        if key not in seen:
            seen.add(key)
            kept.append(finding)
    return kept


class _CellReader(ast.NodeVisitor):
    """Collects the dotted paths a cell names (through its imports) and its dynamic access."""

    def __init__(self, bindings: dict[str, str]):
        self.bindings = bindings
        self.paths: list[tuple[str, int, bool]] = []  # (dotted path, line, a module an ``import`` names)
        self.dynamic: list[tuple[str, str, int]] = []  # (kind, what, line)
        self.loaded: set[str] = set()  # every name the cell reads
        self.top_bound: set[str] = set()  # the names the cell binds at its top level
        self.owned_paths: dict[str, list[tuple[str, int, bool]]] = {}  # top-level def/class -> paths inside
        self.owned_loads: dict[str, set[str]] = {}  # top-level def/class -> names it reads
        self._owner: str | None = None
        self._depth = 0  # 0: the cell's top level

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.asname:
                self.bindings[alias.asname] = alias.name
            else:
                top = alias.name.split(".")[0]
                self.bindings[top] = top
            self._path(alias.name, node.lineno, imported=True)
            self._module(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not node.module:
            return
        harmless = all(f"{node.module}.{a.name}" in HARMLESS_MODULES for a in node.names)
        if not harmless:
            self._module(node.module, node.lineno)
        for alias in node.names:
            full = f"{node.module}.{alias.name}"
            if alias.name == "*":
                self._path(node.module, node.lineno, imported=True)
                self._path(f"{node.module}.*", node.lineno)  # every public name of the module
                continue
            self.bindings[alias.asname or alias.name] = full
            self._path(full, node.lineno)  # ``from package import name`` gets the attribute, not a module

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.loaded.add(node.id)
            if self._owner is not None:
                self.owned_loads[self._owner].add(node.id)
        elif self._depth == 0:
            self.top_bound.add(node.id)
        if node.id in self.bindings:
            self._path(self.bindings[node.id], node.lineno)
        if node.id in MACHINERY_NAMES and node.id not in self.bindings:
            self.dynamic.append((MACHINERY, f"uses {node.id}", node.lineno))
        if isinstance(node.ctx, ast.Store):
            self.bindings.pop(node.id, None)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        path = self._dotted(node)
        if path is not None:
            self._path(path, node.lineno)
        if node.attr in MACHINERY_ATTRIBUTES:
            self.dynamic.append((MACHINERY, f"reads the attribute {node.attr}", node.lineno))
        if node.attr == "__dict__" and self._dotted(node.value) is not None:
            self.dynamic.append((MACHINERY, f"reads {self._dotted(node.value)}.__dict__", node.lineno))
        self.generic_visit(node)

    # -- a function's parameters are its own names -------------------------------------------------

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        with self._defining(node.name):
            for part in (*node.decorator_list, *node.args.defaults, *(d for d in node.args.kw_defaults if d)):
                self.visit(part)  # evaluated where the function is defined: the cell's names
            if node.returns is not None:
                self.visit(node.returns)
            self._inside(node.args, node.body)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        with self._defining(node.name):
            self.generic_visit(node)

    @contextlib.contextmanager
    def _defining(self, name: str):
        """A function or class of the cell's top level owns the uses inside it (a helper that an
        answer calls brings them along)."""
        top = self._depth == 0
        if top:
            self.top_bound.add(name)
            self._owner = name
            self.owned_paths.setdefault(name, [])
            self.owned_loads.setdefault(name, set())
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if top:
                self._owner = None

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for part in (*node.args.defaults, *(d for d in node.args.kw_defaults if d)):
            self.visit(part)
        self._inside(node.args, [node.body])

    def _inside(self, args: ast.arguments, body: list[ast.AST]) -> None:
        """Read a function's body with its parameters shadowing the cell's names (a hook's ``grad``
        is the gradient it receives, not ``autograd_lib.autograd.grad``). A parameter named after
        a module the notebook imports keeps that module's path: passing a module in hides nothing
        of what is reached through it. Names the body binds stay its own, but for those it declares
        ``global``."""
        params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg) if a]
        for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if a is not None and a.annotation is not None:
                self.visit(a.annotation)
        outer = dict(self.bindings)
        for name in params:
            if name in self.bindings and not _is_module(self.bindings[name]):
                del self.bindings[name]
        declared = {name for statement in body for n in ast.walk(statement) if isinstance(n, ast.Global)
                    for name in n.names}
        try:
            for statement in body:
                self.visit(statement)
        finally:
            inner = dict(self.bindings)
            self.bindings.clear()
            self.bindings.update(outer)
            for name in declared:
                if name in inner:
                    self.bindings[name] = inner[name]
                else:
                    self.bindings.pop(name, None)

    # -- names that come to hold a library path, and changes to library objects ---------------------

    def visit_Assign(self, node: ast.Assign) -> None:
        held = self._held(node.value)
        for target in node.targets:
            self._changes(target, node.lineno)
            self._rebinds(target, held, node.lineno)
        self.generic_visit(node)
        for target in node.targets:
            self._bind(target, held)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        held = self._held(node.value) if node.value is not None else None
        self._changes(node.target, node.lineno)
        self.generic_visit(node)
        self._bind(node.target, held)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        held = self._held(node.value)
        self.generic_visit(node)
        self._bind(node.target, held)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._changes(node.target, node.lineno)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._changes(target, node.lineno)
        self.generic_visit(node)

    def _held(self, value: ast.AST | None):
        """The library path(s) an assigned value names: a path, a tuple of them, or None."""
        if isinstance(value, (ast.Tuple, ast.List)):
            return [self._dotted(v) for v in value.elts]
        return self._dotted(value) if value is not None else None

    def _rebinds(self, target: ast.AST, held, line: int) -> None:
        """``autograd_lib = something``: the notebook's name for a module now names something else,
        which the hidden tests would use in its place."""
        if isinstance(target, ast.Name) and target.id in self.bindings and _is_module(self.bindings[target.id]) \
                and not (isinstance(held, str) and _is_module(held)):
            self.dynamic.append((MACHINERY, f"rebinds {target.id}, the notebook's name for the module "
                                            f"{self.bindings[target.id]}", line))

    def _bind(self, target: ast.AST, held) -> None:
        if isinstance(target, ast.Name) and isinstance(held, str):
            self.bindings[target.id] = held
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(held, list) and len(held) == len(target.elts):
            for element, path in zip(target.elts, held, strict=True):
                self._bind(element, path)

    def _changes(self, target: ast.AST, line: int) -> None:
        """``np.allclose = ...``, ``del autograd_lib.Tensor.add_``: changing what the library holds."""
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._changes(element, line)
        elif isinstance(target, ast.Attribute):
            owner = self._dotted(target.value)
            if owner is not None:
                self.dynamic.append((MACHINERY, f"replaces {owner}.{target.attr}", line))
        elif isinstance(target, ast.Subscript):
            owner = self._dotted(target.value)
            if owner is not None:
                self.dynamic.append((MACHINERY, f"replaces an item of {owner}", line))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name) and func.id in MACHINERY_CALLS and func.id not in self.bindings:
            self.dynamic.append((MACHINERY, f"calls {func.id}()", node.lineno))
        if isinstance(func, ast.Name) and func.id == "vars" and node.args and self._dotted(node.args[0]):
            self.dynamic.append((MACHINERY, f"calls vars() on {self._dotted(node.args[0])}", node.lineno))
        lookup = func.id if isinstance(func, ast.Name) and func.id in COMPUTED_LOOKUPS else None
        if isinstance(func, ast.Attribute) and func.attr in DUNDER_LOOKUPS:
            lookup = DUNDER_LOOKUPS[func.attr]
        if lookup is not None and len(node.args) >= 2:
            owner = self._dotted(node.args[0])
            name = node.args[1]
            if owner is not None:
                if isinstance(name, ast.Constant) and isinstance(name.value, str):
                    self._path(f"{owner}.{name.value}", node.lineno)
                    if lookup in ("setattr", "delattr"):
                        self.dynamic.append((MACHINERY, f"replaces {owner}.{name.value}", node.lineno))
                else:
                    spelt = func.id if isinstance(func, ast.Name) else func.attr
                    self.dynamic.append((MACHINERY, f"{spelt}() on {owner} with a computed name", node.lineno))
        path = self._dotted(func)
        if path in ("importlib.import_module", "importlib.__import__") and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            self._path(node.args[0].value, node.lineno)
        self.generic_visit(node)

    def _dotted(self, node: ast.AST) -> str | None:
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.bindings:
            return ".".join([self.bindings[node.id], *reversed(parts)])
        if isinstance(node, ast.Name) and node.id in ("sys", "os") and parts:
            return ".".join([node.id, *reversed(parts)])
        return None

    def _path(self, path: str, line: int, imported: bool = False) -> None:
        self.paths.append((path, line, imported))
        if self._owner is not None:
            self.owned_paths[self._owner].append((path, line, imported))
        for kind, listed in ((MACHINERY, MACHINERY_PATHS), (DYNAMIC, DYNAMIC_PATHS)):
            for known in listed:
                if path == known or path.startswith(known + "."):
                    self.dynamic.append((kind, f"uses {known}", line))

    def _module(self, name: str, line: int) -> None:
        top = name.split(".")[0]
        if name in HARMLESS_MODULES:
            return
        if top in MACHINERY_MODULES:
            self.dynamic.append((MACHINERY, f"imports {name}", line))
        elif top in DYNAMIC_MODULES:
            self.dynamic.append((DYNAMIC, f"imports {name}", line))
        elif top not in ENVIRONMENT_MODULES and not _is_module(top):
            self.dynamic.append((MACHINERY, f"imports {name}, which is not part of the course's environment "
                                            "(a file written or submitted beside the notebook?)", line))


@cache
def _is_module(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError, AttributeError):
        return False
