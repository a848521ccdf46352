"""Each chapter's kernel library holds no answer of the chapter (``grader.course.kernel_library``).

The build is checked as a kernel sees it: in a fresh interpreter whose ``autograd_lib`` is the
build (``grader.judge.rehearsal_process``). The inventory (``grader.judge.inventory``) walks every
module, class and function there and finds no answer of the chapter by code, by syntax or by
behaviour (no reachable object passes a withheld exercise's tests); exercises the chapter keeps
on purpose (``KEPT``) are its listed exceptions. ``tests/course/test_known_wrong.py`` runs every
solution, known-wrong and unusual-correct answer on the builds too (``support.in_process``).
"""

import inspect
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from support.in_process import kernel_libraries

from grader.course.kernel_library import (
    KEPT,
    WITHOUT,
    build_key,
    definitions,
    distribution_modules,
    installed_package,
    kernel_binds,
    kernel_pythonpath,
    library_path,
    package_folder,
    read_releases,
    read_withheld,
    read_without,
)
from grader.course.kernel_library.builder import _version
from grader.course.kernel_library.layout import without_path
from grader.course.model import find_chapters, read_chapter
from grader.course.references import resolve
from grader.judge.inventory import file_leaks
from grader.judge.rehearsal_process import RehearsalProcess
from grader.paths import COURSE_DIR
from grader.sandbox.policy import find_bwrap, sandbox_layout, sandbox_prefix

CHAPTERS = {c.chapter_id: c for c in find_chapters(COURSE_DIR)}
#: make test walks these chapters' kernels for answers by behaviour (the engine, and the chapter
#: of issue 23); make test-all walks every chapter's.
BEHAVIOUR_IN_MAKE_TEST = {"03_backward_engine", "07_linear_function"}


def _in_build(chapter_id: str, code: str, *, without: bool = True) -> dict:
    """Run ``code`` in a fresh interpreter on the chapter's build; the JSON it prints last
    (``without``: with the stubs of the packages the chapter's kernel goes without first on the path)."""
    env = kernel_pythonpath({"PATH": "/usr/bin:/bin"}, kernel_libraries()[chapter_id], without=without)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env, cwd="/")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_withheld_function_raises_and_says_whose_answer_it_is():
    seen = _in_build("07_linear_function", """
import json, autograd_lib
from autograd_lib.nn.functional import LinearFunction
x = autograd_lib.tensor([[1.0, 2.0]])
try:
    LinearFunction.apply(x, autograd_lib.tensor([[1.0, 0.0]]))
    print(json.dumps({"raised": None}))
except NotImplementedError as error:
    print(json.dumps({"raised": type(error).__name__, "message": str(error), "file": autograd_lib.__file__}))
""")
    assert seen["raised"] == "Withheld"
    assert "'linear_function'" in seen["message"] and "07_linear_function" in seen["message"]
    assert seen["file"].startswith(str(library_path(kernel_libraries()["07_linear_function"])))


@pytest.mark.parametrize("chapter_id", sorted(CHAPTERS))
def test_the_build_changes_only_the_withheld_bodies(chapter_id):
    """Same files, same line count, and every function that is not withheld reads exactly as in
    the installed library, at the same lines: tracebacks through scaffolding are unchanged."""
    build = package_folder(kernel_libraries()[chapter_id])
    withheld = {w["function"] for w in read_withheld(kernel_libraries()[chapter_id])}
    import ast

    for original in sorted(installed_package().rglob("*.py")):
        if "__pycache__" in original.parts:
            continue
        copy = build / original.relative_to(installed_package())
        before, after = original.read_text().splitlines(), copy.read_text().splitlines()
        assert len(before) == len(after), f"{copy} has {len(after)} lines, the library's {len(before)}"
        module = ".".join(["autograd_lib", *original.relative_to(installed_package()).with_suffix("").parts])
        module = module.removesuffix(".__init__")
        for qualname, node in definitions(ast.parse("\n".join(before))):
            if isinstance(node, ast.ClassDef) or f"{module}.{qualname}" in withheld or any(
                    f"{module}.{qualname}".startswith(w + ".") for w in withheld):
                continue
            span = slice(node.lineno - 1, node.end_lineno)
            assert before[span] == after[span], f"{module}.{qualname} differs in the build of {chapter_id}"


def test_a_release_puts_the_library_code_back_and_its_lines_in_tracebacks():
    build = kernel_libraries()["03_backward_engine"]
    [entry] = read_releases(build)["topological_order"]
    seen = _in_build("03_backward_engine", f"""
import json, traceback, autograd_lib
from autograd_lib.engine import topological_order
from kernel_agent import release
x = autograd_lib.tensor([1.0, 2.0], requires_grad=True)
root = (x * x).sum().grad_fn
before = None
try:
    topological_order(root)
except NotImplementedError as error:
    before = type(error).__name__
release.release({entry["module"]!r}, {entry["skeleton"]!r}, {entry["qualnames"]!r})
names = [n.name() for n in topological_order(root)]
import inspect
source = inspect.getsource(topological_order)
release.withhold_again()
again = None
try:
    topological_order(root)
except NotImplementedError as error:
    again = type(error).__name__
print(json.dumps({{"before": before, "names": names, "source": source, "again": again}}))
""")
    assert seen["before"] == "Withheld" and seen["again"] == "Withheld"
    assert seen["names"][0] == "SumBackward" and "AccumulateGrad" in seen["names"]
    assert "visited.add(node)" in seen["source"]


def test_the_sandbox_mounts_the_build_at_the_installed_package_path(tmp_path):
    binds = ["/usr/lib/python:/usr/lib/python", f"{installed_package()}:{installed_package()}", "/k:/k"]
    mounted = kernel_binds(binds, tmp_path)
    assert f"{installed_package()}:{installed_package()}" not in mounted
    assert mounted[-1] == f"{package_folder(tmp_path)}:{installed_package()}"
    assert "/k:/k" in mounted and "/usr/lib/python:/usr/lib/python" in mounted


def test_every_exception_has_a_reason_and_names_a_function_of_the_library():
    for chapter_id, kept in KEPT.items():
        assert chapter_id in CHAPTERS
        for function, why in kept.items():
            assert why.strip(), f"{chapter_id}: {function} is kept without a reason"
            assert callable(resolve(function)) or isinstance(resolve(function), property), function


def test_security_lists_every_exception():
    text = (Path(__file__).resolve().parents[2] / "grader" / "SECURITY.md").read_text()
    missing = sorted({f for kept in KEPT.values() for f in kept if f.split(".", 1)[1] not in text
                      and f.rsplit(".", 2)[-2] + "." + f.rsplit(".", 1)[-1] not in text and f not in text})
    assert not missing, f"SECURITY.md does not list these kept functions: {missing}"


def test_every_kept_answer_of_a_chapter_stands_in_or_is_switched_off_while_judged():
    """No kept function that answers an exercise of its own chapter is left to the static check
    alone: while its exercise is judged, it runs the student's code or raises (``WHILE_JUDGED``)."""
    from grader.course.kernel_library import WHILE_JUDGED, course_answers

    chapters = find_chapters(COURSE_DIR)
    for chapter in chapters:
        own = {a.function.dotted for a in course_answers([chapter])}
        left = sorted(set(KEPT.get(chapter.chapter_id, {})) & own - WHILE_JUDGED.get(chapter.chapter_id, set()))
        assert not left, f"{chapter.chapter_id}: kept answers only the static check covers: {left}"


def _originals(withheld: list[dict]) -> dict[str, str]:
    """The installed library's source of each withheld function (what the kernel must not hold)."""
    found = {}
    for entry in withheld:
        obj = resolve(entry["function"])
        obj = getattr(obj, "fget", None) or obj
        while hasattr(obj, "__wrapped__"):
            obj = obj.__wrapped__
        found[entry["function"]] = inspect.getsource(getattr(obj, "__func__", obj))
    return found


def _inventory(chapter_id: str, behaviour: bool):
    build = kernel_libraries()[chapter_id]
    withheld = read_withheld(build)
    chapter = CHAPTERS[chapter_id]
    with RehearsalProcess(build) as process:
        return process.call("grader.judge.inventory:inventory", nbformat.writes(read_chapter(chapter)),
                            str(chapter.folder), withheld, KEPT.get(chapter_id, {}), _originals(withheld),
                            behaviour)


@pytest.mark.parametrize("chapter_id", sorted(CHAPTERS))
def test_the_kernels_files_hold_no_answer_by_code_or_by_syntax(chapter_id):
    """Every chapter, from the build's files: each withheld body is the raise, and no function
    of any module (nested ones too) has the body of an answer of this chapter or a later one."""
    build = kernel_libraries()[chapter_id]
    withheld = read_withheld(build)
    assert withheld, f"{chapter_id} withholds nothing"
    problems = file_leaks(package_folder(build), withheld, _originals(withheld))
    assert not problems, "\n".join(problems)


def test_the_file_check_finds_an_answer_copied_under_another_name(tmp_path):
    """A copy of an answer's body anywhere in the package, under any name, is found."""
    build = kernel_libraries()["07_linear_function"]
    import shutil

    package = tmp_path / "autograd_lib"
    shutil.copytree(package_folder(build), package)
    withheld = read_withheld(build)
    originals = _originals(withheld)
    assert not file_leaks(package, withheld, originals)
    body = originals["autograd_lib.nn.functional.linear"].replace("def linear(", "def _helper(")
    with open(package / "viz" / "_common.py", "a") as handle:
        handle.write("\n\n" + body)
    assert any("_helper has the body of autograd_lib.nn.functional.linear" in p
               for p in file_leaks(package, withheld, originals))


@pytest.mark.parametrize("chapter_id", [
    c if c in BEHAVIOUR_IN_MAKE_TEST else pytest.param(c, marks=pytest.mark.exhaustive) for c in sorted(CHAPTERS)])
def test_no_object_of_the_kernel_passes_an_exercise_it_withholds(chapter_id):
    """In a fresh interpreter on the build: every reachable function keeps no answer's code or
    body, and no class or function put in an answer's place passes a test cell of its exercise."""
    found = _inventory(chapter_id, behaviour=True)
    assert found.modules > 40 and found.functions > 400 and found.classes > 100, found
    assert found.candidates > 100, found
    assert not found.problems, "\n".join(found.problems)
    kept = {f for f in KEPT.get(chapter_id, {})}
    if not kept:
        assert not found.exceptions, found.exceptions


# -- a chapter's kernel without a package (WITHOUT: chapter 9 has no torch) --------------------

NO_TORCH_CHAPTER, TORCH_CHAPTER = "09_training", "07_linear_function"
TORCH_MODULES = ("torch", "functorch", "torchgen")

#: What the kernel's start imports (the template's preload: the library and all its submodules),
#: then every way a notebook asks for torch by name; the JSON of what each gave.
ASK_FOR_TORCH = r"""
import json, pkgutil, sys
import numpy, autograd_lib
for module in pkgutil.walk_packages(autograd_lib.__path__, "autograd_lib."):
    try:
        __import__(module.name)
    except Exception:
        pass
seen = {"loaded": sorted(m for m in sys.modules if m.split(".")[0] in %r)}
for name in ("torch", "torch.nn.functional", "functorch"):
    try:
        __import__(name)
        seen[name] = "imported"
    except ImportError as error:  # what a notebook's try/except ImportError catches
        seen[name] = f"{type(error).__name__}: {error}"
seen["after"] = sorted(m for m in sys.modules if m.split(".")[0] in %r)
print(json.dumps(seen))
""".replace("%r", repr(TORCH_MODULES))


def test_chapter_9s_kernel_has_no_torch_and_chapter_7s_has():
    """In a fresh interpreter as the kernel starts (unsandboxed: the build's stubs first on the
    path): chapter 9's imports the whole library with no module of torch loaded, and every import
    of torch raises ModuleNotFoundError with the chapter and the reason; chapter 7's has torch."""
    seen = _in_build(NO_TORCH_CHAPTER, ASK_FOR_TORCH)
    why = WITHOUT[NO_TORCH_CHAPTER]["torch"]
    assert seen["loaded"] == [] and seen["after"] == [], seen
    said = f"ModuleNotFoundError: chapter 9's kernel has no torch: {why}"
    assert seen["torch"] == seen["torch.nn.functional"] == said, seen
    assert seen["functorch"].startswith("ModuleNotFoundError: chapter 9's kernel has no torch (functorch is part")
    assert "autograd_lib.data.torch_values" in why and "cross_entropy" in why
    other = _in_build(TORCH_CHAPTER, ASK_FOR_TORCH)
    assert other["torch"] == other["torch.nn.functional"] == other["functorch"] == "imported", other
    assert read_without(kernel_libraries()[TORCH_CHAPTER]) == {}


#: Every way to torch's files past its name, in a sandboxed kernel of chapter 9 (run without the
#: guard: the wall is the sandbox's filesystem, not the guard).
REACH_TORCHS_FILES = r"""
import ctypes, glob, importlib.util, json, os, sys
seen = {}
site = next(p for p in sys.path if p.endswith("site-packages"))
folder = os.path.join(site, "torch")
def attempt(label, run):
    try:
        run()
        seen[label] = "ran"
    except BaseException as error:
        seen[label] = f"{type(error).__name__}: {error}"
def by_path():
    spec = importlib.util.spec_from_file_location("torch", os.path.join(folder, "__init__.py"),
                                                  submodule_search_locations=[folder])
    module = importlib.util.module_from_spec(spec)
    sys.modules["torch"] = module
    spec.loader.exec_module(module)
    module.ones(1)
def by_sys_path():
    sys.path[:] = [site] + [p for p in sys.path if p != site]
    sys.modules.pop("torch", None)  # the stub never stays there; a failed import leaves nothing either
    importlib.invalidate_caches()
    import torch
    torch.ones(1)
attempt("by path", by_path)
attempt("by sys.path", by_sys_path)
attempt("libtorch by ctypes", lambda: ctypes.CDLL(os.path.join(folder, "lib", "libtorch_cpu.so")))
seen["torch's folder"] = sorted(os.listdir(folder))
seen["torch's files anywhere"] = sorted(
    os.path.join(root, name) for top in ("/usr", sys.prefix, os.path.realpath(sys.base_prefix), "/opt")
    if os.path.isdir(top) for root, _, names in os.walk(top)
    for name in names if name.startswith(("libtorch", "torch-")) or name == "_C.cpython-311-x86_64-linux-gnu.so")
seen["/opt/wheels"] = os.path.exists("/opt/wheels")
print(json.dumps(seen))
"""


@pytest.mark.skipif(find_bwrap() is None, reason="needs bubblewrap")
def test_chapter_9s_sandboxed_kernel_reaches_none_of_torchs_files(tmp_path):
    """The build's stubs are mounted over torch's folders (``kernel_binds``): by path, by
    ``sys.path``, through ``sys.modules`` or by ``ctypes``, nothing of torch is there, the
    wheel in /opt/wheels neither; chapter 7's sandboxed kernel reaches its library by ctypes."""
    probe = tmp_path / "probe.py"
    probe.write_text(REACH_TORCHS_FILES)

    def run(chapter_id):
        layout = sandbox_layout(str(kernel_libraries()[chapter_id]))["ro_binds"] + [f"{probe}:/probe/probe.py"]
        command = sandbox_prefix(find_bwrap(), ro_binds=[tuple(b.split(":", 1)) for b in layout], rw_binds=[], cwd="/")
        done = subprocess.run(command + [sys.executable, "/probe/probe.py"], capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])

    seen = run(NO_TORCH_CHAPTER)
    assert set(seen["torch's folder"]) - {"__pycache__"} == {"__init__.py"}, seen  # the stub (and its bytecode)
    assert seen["by path"].startswith("ModuleNotFoundError: chapter 9's kernel has no torch"), seen
    assert seen["by sys.path"].startswith("ModuleNotFoundError: chapter 9's kernel has no torch"), seen
    assert seen["libtorch by ctypes"].startswith("OSError: "), seen
    assert seen["torch's files anywhere"] == [] and seen["/opt/wheels"] is False, seen
    other = run(TORCH_CHAPTER)
    assert other["libtorch by ctypes"] == "ran" and other["torch's files anywhere"], other


def test_a_process_that_runs_the_judge_refuses_torch_to_the_notebook_only(tmp_path):
    """The rehearsals run the notebook and the judge in one process (``refuse_in_notebook``):
    the notebook's ``import torch`` raises the kernel's error, the hidden tests' imports work."""
    seen = _in_build(NO_TORCH_CHAPTER, rf"""
import json
from grader.course.kernel_library import refuse_in_notebook
refuse_in_notebook({str(kernel_libraries()[NO_TORCH_CHAPTER])!r})
seen = {{}}
for where, code in (("notebook", "import torch.nn.functional as F"), ("by __import__", "__import__('torch')"),
                    ("exec", "exec('import functorch', {{}})"), ("judge", "import torch.nn.functional as F")):
    name = "__hidden_tests__" if where == "judge" else "__main__"
    try:
        exec(code, {{"__name__": name}})
        seen[where] = "imported"
    except ImportError as error:
        seen[where] = f"{{type(error).__name__}}: {{error}}"
print(json.dumps(seen))
""", without=False)
    assert seen["judge"] == "imported", seen
    for where in ("notebook", "by __import__", "exec"):
        assert seen[where].startswith("ModuleNotFoundError: chapter 9's kernel has no torch"), seen


def test_the_builds_key_follows_what_a_chapter_goes_without(monkeypatch):
    """The cache key of the builds (and so of the template course, which names the builds' folder)
    changes with ``WITHOUT``: a chapter declared without a package gets a new build."""
    chapters = list(CHAPTERS.values())
    before = build_key(chapters)
    assert before["without"] == {NO_TORCH_CHAPTER: {"torch": [WITHOUT[NO_TORCH_CHAPTER]["torch"], _version("torch")]}}
    monkeypatch.setitem(WITHOUT, TORCH_CHAPTER, {"torch": "a reason"})
    assert build_key(chapters) != before
    monkeypatch.setitem(WITHOUT, NO_TORCH_CHAPTER, {"torch": "another reason"})
    monkeypatch.delitem(WITHOUT, TORCH_CHAPTER)
    assert build_key(chapters) != before


def test_every_chapter_without_a_package_says_why_and_the_pages_name_it():
    text = (Path(__file__).resolve().parents[2] / "grader" / "SECURITY.md").read_text()
    authoring = (Path(__file__).resolve().parents[2] / "docs" / "authoring.md").read_text()
    for chapter_id, packages in WITHOUT.items():
        assert chapter_id in CHAPTERS
        for distribution, why in packages.items():
            assert why.strip(), f"{chapter_id} goes without {distribution} without a reason"
            assert read_without(kernel_libraries()[chapter_id])[distribution]["why"] == why
            assert set(distribution_modules(distribution)) <= set(read_without(kernel_libraries()[chapter_id])[
                distribution]["modules"])
    assert "WITHOUT" in text and "WITHOUT" in authoring


def test_the_stubs_are_mounted_over_every_name_of_torchs_folder(tmp_path):
    """A Python environment bound under two names (a link) has torch's folder under both: both get the stub."""
    build = kernel_libraries()[NO_TORCH_CHAPTER]
    site = Path(sys.prefix)
    link = tmp_path / "venv-link"
    link.symlink_to(Path(sys.prefix).resolve())
    mounted = kernel_binds([f"{sys.prefix}:{sys.prefix}", f"{link}:{link}"], build)
    torch_dir = Path(__import__("torch").__file__).parent
    relative = torch_dir.resolve().relative_to(Path(sys.prefix).resolve())
    for prefix in (site, link):
        assert f"{without_path(build) / 'torch'}:{prefix / relative}" in mounted, mounted
    assert mounted[-1].startswith(str(package_folder(build)))
