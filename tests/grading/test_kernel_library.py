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
    definitions,
    installed_package,
    kernel_binds,
    kernel_pythonpath,
    library_path,
    package_folder,
    read_releases,
    read_withheld,
)
from grader.course.model import find_chapters, read_chapter
from grader.course.references import resolve
from grader.judge.inventory import file_leaks
from grader.judge.rehearsal_process import RehearsalProcess
from grader.paths import COURSE_DIR

CHAPTERS = {c.chapter_id: c for c in find_chapters(COURSE_DIR)}
#: make test walks these chapters' kernels for answers by behaviour (the engine, and the chapter
#: of issue 23); make test-all walks every chapter's.
BEHAVIOUR_IN_MAKE_TEST = {"03_backward_engine", "07_linear_function"}


def _in_build(chapter_id: str, code: str) -> dict:
    """Run ``code`` in a fresh interpreter on the chapter's build; the JSON it prints last."""
    env = kernel_pythonpath({"PATH": "/usr/bin:/bin"}, kernel_libraries()[chapter_id])
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
