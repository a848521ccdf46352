"""The runtime guard (``kernel_agent.guard``): what it refuses to student code, what it allows to
the library, and that honest notebooks never trip it in a real kernel.

The guard is an audit hook and cannot be removed, so each unit check runs in a fresh interpreter:
"student" code is compiled under a notebook-like file name outside the trusted folders, "library"
code lives in a module of a folder given to the guard as trusted.
"""

import json
import subprocess
import sys
import textwrap

import pytest
from support.in_process import chapter_group

EVENTS = {
    "a frame": "sys._getframe()",
    "a frame through inspect": "import inspect; inspect.currentframe()",
    "every thread's frame": "sys._current_frames()",
    "a traceback's frame": "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    e.__traceback__.tb_frame",
    "a function's code": "(lambda: 1).__code__",
    "a generator's frame": "(x for x in ()).gi_frame",
    # the standard library's and IPython's helpers that hand frames to their caller (issue 23's a30, a31)
    "frames through traceback.walk_stack": "import traceback; [f for f, _ in traceback.walk_stack(None)]",
    "frames through traceback.walk_tb": ("import traceback\ntry:\n    1 / 0\nexcept ZeroDivisionError as e:\n"
                                         "    list(traceback.walk_tb(e.__traceback__))"),
    "a frame through logging.currentframe": "import logging; logging.currentframe()",
    "frames through stack_data": ("import stack_data\ntry:\n    1 / 0\nexcept ZeroDivisionError:\n"
                                  "    [f.frame for f in stack_data.FrameInfo.stack_data(sys.exc_info()[2])]"),
    "a frame through inspect.stack": "import inspect; inspect.stack()",
    "a caller's variables through IPython": ("from IPython.utils.frame import extract_module_locals\n"
                                             "extract_module_locals(1)"),
    # a fresh copy of a library module: the code its exercises withhold or stand in for, run again
    "a library module run again from its loader": ("import types\nlibrary.__loader__.exec_module("
                                                     "types.ModuleType(library.__name__))"),
    "a library module reloaded": "import importlib; importlib.reload(library)",
    "gc referrers": "import gc; gc.get_referrers(sys)",
    "gc objects": "import gc; gc.get_objects()",
    "code built at run time": "compile('1', 'mine', 'eval')",
    "a code object run": "exec(library.some_code())",
    "a function from a code object": "import types; types.FunctionType(library.some_code(), {})",
    "a code object changed": "library.some_code().replace(co_name='x')",
    "marshal": "import marshal; marshal.loads(marshal.dumps(1))",
    "ctypes": "import ctypes; ctypes.CDLL(None)",
    "an audit hook": "sys.addaudithook(lambda *a: None)",
    "a trace function": "sys.settrace(None)",
    "a profile function": "sys.setprofile(None)",
    "a function's code replaced": "library.some_function.__code__ = library.other_code()",
    "code compiled under a library file's name": "library.compile_for_me(library.__file__)",
    "ast.parse made to give code under a library file's name": (
        "import ast\nast.PyCF_ONLY_AST = 0\ntry:\n    library.parse_for_me(library.__file__)\n"
        "finally:\n    ast.PyCF_ONLY_AST = 1024"),
    "the agent imported again": "import kernel_agent.guard",
    # code from a file the notebook wrote: the static check reads cells only (round 4's a19, a20)
    "a module the notebook wrote, imported": (
        "import os, tempfile\nd = tempfile.mkdtemp()\nopen(os.path.join(d, 'written.py'), 'w').write('X = 1')\n"
        "sys.path.insert(0, d)\nimport written"),
    "a module the notebook wrote into a zip, imported": (
        "import os, tempfile, zipfile\nd = tempfile.mkdtemp()\n"
        "with zipfile.ZipFile(os.path.join(d, 'a.zip'), 'w') as z:\n    z.writestr('zipped.py', 'X = 1')\n"
        "sys.path.insert(0, os.path.join(d, 'a.zip'))\nimport zipped"),
    "a file the notebook wrote, run by runpy": (
        "import os, runpy, tempfile\nd = tempfile.mkdtemp()\nopen(os.path.join(d, 'run.py'), 'w').write('X = 1')\n"
        "runpy.run_path(os.path.join(d, 'run.py'))"),
    "a .pth line the notebook wrote": (
        "import os, site, tempfile\nd = tempfile.mkdtemp()\n"
        "open(os.path.join(d, 'x.pth'), 'w').write('import json\\n')\nsite.addsitedir(d)"),
}
#: Lines that must pass, in the same loop (so a loop that refuses everything fails the test).
HARMLESS = {"arithmetic": "x = 1 + 1", "a library call": "library.some_function()", "an import": "import json",
            # a traceback's source lookup (IPython's, executing's) under a test: the file's own text
            "a library compiling a library file's own text": "library.compile_own_text(library.__file__)",
            # ... or other lines, only parsed (a traceback of the lines the agent shows for a released function)
            "a library parsing other lines under a library file's name": "library.parse_for_me(library.__file__)",
            "a library module imported for the first time": "import later",
            # the standard library's code made at run time (a pseudo-file, not a file on disk)
            "a dataclass and a namedtuple": ("import collections, dataclasses\n@dataclasses.dataclass\nclass P:\n"
                                             "    x: int = 0\nP(); collections.namedtuple('Q', 'a b')(1, 2)")}

SCRIPT = r"""
import json, os, sys, tempfile
folder = tempfile.mkdtemp()
with open(os.path.join(folder, "library.py"), "w") as handle:
    handle.write('''
import gc, sys, types
def some_function():
    return 1
def some_code():
    return (lambda: 2).__code__
def other_code():
    return (lambda: 3).__code__
def compile_for_me(name):
    return compile("1", name, "eval")
def parse_for_me(name):
    import ast
    return ast.parse("x = 1", name)
def compile_own_text(name):
    with open(name) as handle:
        return compile(handle.read(), name, "exec")
def run_as_cell(code, names):
    # what IPython does with a cell: compile it under a notebook-like name, run it
    exec(compile(code, "/tmp/ipykernel_0/cell.py", "exec"), names)
def everything_it_may_do():
    sys._getframe(); gc.get_referrers(sys); compile("1", "x", "eval"); exec(some_code())
    types.FunctionType(some_code(), {}); some_code().replace(co_name="y")
    try:
        1 / 0
    except ZeroDivisionError as error:
        error.__traceback__.tb_frame
    import ctypes
    ctypes.CDLL(None)
''')
with open(os.path.join(folder, "later.py"), "w") as handle:
    handle.write("VALUE = 1\n")
sys.path.insert(0, folder)
import library
from kernel_agent.guard import GuardRefusal, install
report, seal = install(extra_roots=[folder])
for name in [m for m in sys.modules if m.split(".")[0] == "kernel_agent"]:
    del sys.modules[name]  # as the agent leaves sys.modules in a kernel (kernel_agent.agent.leave)
seal()
library.everything_it_may_do()  # the library's own frames: allowed
allowed = report() == []
results = {}
for name, code in json.loads(sys.argv[1]).items():
    before = len(report())
    try:
        library.run_as_cell(code, {"sys": sys, "library": library})
    except GuardRefusal:
        pass
    # refused means recorded (an audit hook that is refused is simply not added, without an error)
    results[name] = "refused" if len(report()) > before else "allowed"
refused = report()
refused.clear()
print(json.dumps({"allowed_to_the_library": allowed, "results": results, "recorded": len(report())}))
"""


@pytest.fixture(scope="module")
def guarded():
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps({**EVENTS, **HARMLESS})], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_library_may_do_all_of_it(guarded):
    assert guarded["allowed_to_the_library"]


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_student_code_is_refused(guarded, name):
    assert guarded["results"][name] == "refused", f"{name}: {EVENTS[name]} was {guarded['results'][name]}"


@pytest.mark.parametrize("name", sorted(HARMLESS))
def test_harmless_student_code_runs(guarded, name):
    assert guarded["results"][name] == "allowed", f"{name}: {HARMLESS[name]} was refused"


def test_every_refusal_is_recorded_and_the_record_is_not_the_reports_to_change(guarded):
    assert guarded["recorded"] == len(EVENTS)


def test_ordinary_student_code_is_not_refused():
    """What honest answers and the course's cells do: warnings, numpy, inspect, tracebacks printed
    or formatted, a log line, the standard library's code generators (namedtuple, dataclass)."""
    code = textwrap.dedent("""
        import io, logging, math, warnings, numpy as np, inspect, traceback
        warnings.warn("a warning from the notebook")
        np.exp(np.array([1000.0]))  # an overflow warning, through numpy
        inspect.signature(math.isclose)
        try:
            {}["missing"]
        except KeyError:
            traceback.format_exc()
            traceback.print_exc(file=io.StringIO())
        traceback.format_stack(), traceback.extract_stack()
        logging.getLogger("notebook").warning("a log line names its caller (logging reads a frame for it)")
        from collections import namedtuple
        from dataclasses import dataclass
        Point = namedtuple("Point", "x y")

        @dataclass
        class Pair:
            a: int
            b: int

        Pair(1, 2), Point(1, 2)
    """)
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", SCRIPT, json.dumps({"ordinary": code})],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])["results"] == {"ordinary": "allowed"}


# -- honest notebooks in a real kernel ------------------------------------------------------------

#: chapter -> an answer cell and a known-wrong version of it that fails the visible test (its
#: traceback is formatted by IPython, which compiles library files: the guard must allow that).
VISIBLE_FAILURES = {"00_finite_differences": ("central_difference", "forward_instead"),
                    "02_function_and_ctx": ("mul", "saved_tensors_misspelt"),
                    "07_linear_function": ("linear_function", "bias_grad_not_summed")}
#: Mistakes of an honest student that are no known mistake of the course: ``Mul.backward`` raises
#: an AttributeError inside the library's engine, after chapter 2's earlier exercises were released
#: (on warm kernels IPython's traceback parsed the lines shown for them, and the guard held the
#: notebook: the red team's control ``honest_mul_raises``).
TYPOS = {("02_function_and_ctx", "mul", "saved_tensors_misspelt"): ("ctx.saved_tensors", "ctx.saved_tensor")}
#: How each chapter's kernels start (the default, ``auto``, starts one notebook cold).
KERNELS = {"02_function_and_ctx": "warm"}


def _wrong(chapter: str, answer_id: str, name: str, answers: dict) -> str:
    """A known mistake of the course, or a typo of ``TYPOS`` made in the solution."""
    from support.classes import mistake

    typo = TYPOS.get((chapter, answer_id, name))
    if typo is None:
        return mistake(chapter, answer_id, name)
    assert typo[0] in answers[answer_id], f"{chapter}/{answer_id}: the solution has no {typo[0]}"
    return answers[answer_id].replace(typo[0], typo[1])


@pytest.fixture(scope="module")
def honest_class(tmp_path_factory):
    from support.classes import release, write_class

    from grader.examples.make_examples import answered, solutions
    from grader.paths import COURSE_DIR
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    found = {}
    for chapter, (answer_id, name) in VISIBLE_FAILURES.items():
        answers = solutions(chapter)
        notebooks = {"perfect": answered(release(chapter), answers),
                     "one_wrong": answered(release(chapter), {**answers, answer_id: _wrong(chapter, answer_id, name,
                                                                                           answers)})}
        root = tmp_path_factory.mktemp(f"honest_{chapter[:2]}")
        settings = GradingSettings(jobs=2, cell_timeout=60, diagnose=False, kernels=KERNELS.get(chapter, "auto"))
        results = autograde(write_class(root / "subs", notebooks, chapter=chapter), root / "out", COURSE_DIR,
                            settings, [chapter], log=lambda *a: None)
        found[chapter] = {r.student_id: r for r in results}
    return found


@pytest.mark.slow
@pytest.mark.xdist_group("nbgrader-hostile")
@pytest.mark.parametrize("chapter", sorted(VISIBLE_FAILURES))
def test_honest_notebooks_never_trip_the_guard_in_a_real_kernel(honest_class, chapter):
    """The solution, and a notebook whose one wrong answer fails its visible test (a traceback),
    are graded, not held: the wrong exercise loses its points, every other keeps them."""
    answer_id, _ = VISIBLE_FAILURES[chapter]
    for student, result in honest_class[chapter].items():
        why = f"{chapter}/{student}: {result.status} {result.score} {result.reasons} {result.messages}"
        assert str(result.status) == "graded" and not any("guard" in r for r in result.reasons), why
        for row in result.exercises:
            wrong = student == "one_wrong" and row.exercise == answer_id
            assert row.full != wrong, why


def test_the_kernels_start_up_leaves_no_way_back_to_the_agent_by_name():
    """A real kernel started as grading starts it: the agent listens, it is in no namespace and not
    in ``sys.modules``, and importing it again is refused (and recorded)."""
    from jupyter_client.manager import start_new_kernel

    from grader.pipeline.nbgrader_steps import AGENT_START

    km, kc = start_new_kernel(extra_arguments=[f"--IPKernelApp.exec_lines={AGENT_START}"])
    try:
        code = textwrap.dedent("""
            import json, sys
            seen = {"modules": sorted(m for m in sys.modules if m.split(".")[0] == "kernel_agent"),
                    "names": sorted(n for n in globals() if "agent" in n),
                    "target": "kernel_agent" in get_ipython().kernel.comm_manager.targets}
            try:
                import kernel_agent.agent
                seen["import"] = "allowed"
            except RuntimeError as error:
                seen["import"] = type(error).__name__
            print("SEEN " + json.dumps(seen))
        """)
        kc.execute(code)
        text = ""
        while "SEEN " not in text:
            message = kc.get_iopub_msg(timeout=60)
            text += message["content"].get("text", "")
        seen = json.loads(text.split("SEEN ", 1)[1].splitlines()[0])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert seen == {"modules": [], "names": [], "target": True, "import": "GuardRefusal"}, seen


# -- the agent reached through frames a library hands out (issue 23's a31) ----------------------

#: A cell of the student's own before the answers: frames through ``traceback.walk_stack``, their
#: locals read under a computed name, looking for the live agent (``the_agent``) while the judge
#: calls the answer. It earned 7/7 with no finding: the walk asked for the frame from the standard
#: library, which the guard trusted.
FRAME_WALK = '''
import traceback as _tb
_seen = []
_L = "f_" + "lo" + "cals"


def _look():
    found = []
    for frame, _ in _tb.walk_stack(None):
        names = getattr(frame, _L)
        found.append(sorted(names)[:6])
        if "the_agent" in names:
            found.append(("AGENT", type(names["the_agent"]).__name__))
    return found
'''


@chapter_group("07_linear_function")
def test_the_agent_looked_for_through_frames_from_the_standard_library_has_the_notebook_held():
    from support.in_process import run_in_process

    from grader.course.model import SOLUTION_BLOCK, cell_kind, find_chapters, read_chapter
    from grader.paths import COURSE_DIR

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "07_linear_function")
    nb = read_chapter(chapter)
    [answer] = [c for c in nb.cells
                if cell_kind(c) == "answer" and c.metadata["nbgrader"]["grade_id"] == "linear_function"]
    spying = (FRAME_WALK + SOLUTION_BLOCK.sub("", answer.source) + "\n\n"
              "_forward = LinearFunction.forward\n\n\n"
              "def _spy(ctx, *args):\n"
              "    _seen.append(_look())\n"
              "    return _forward(ctx, *args)\n\n\n"
              "LinearFunction.forward = staticmethod(_spy)\n")
    outcomes = run_in_process(nb, {"linear_function": spying}, cwd=chapter.folder)
    assert outcomes and all(o.outcome == "held" and o.score == 0 for o in outcomes.values()), \
        {g: (o.outcome, o.score, o.message[:120]) for g, o in outcomes.items()}
    assert all("reading a frame" in o.message for o in outcomes.values()), next(iter(outcomes.values())).message
