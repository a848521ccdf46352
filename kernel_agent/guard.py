"""The grading kernel's runtime guard: audit hooks that refuse, to student code, what no answer needs.

The first wall is that the kernel holds no answer of its chapter (``grader.course.kernel_library``).
This is the second: before any student cell runs, the agent installs an audit hook
(``sys.addaudithook``, PEP 578) that refuses the events a notebook could use to reach the grading
machinery or run code it builds at run time, and records each refusal. The judge asks for the
record after every test cell (``grader.judge.releases``); a notebook that tripped the guard is held
for review with 0 points, the reason in its feedback. The kernel can only lower its own score this
way.

An event is refused only when the code that caused it is the student's: the nearest Python frame
(past the code that acts on a caller's behalf: for a frame handed out, the functions that give
their caller frames, ``FRAME_HANDING``, such as ``inspect`` and ``traceback.walk_stack``; for
``ctypes``, its own calls) whose file is not part of the Python installation, the environment's
packages, the course's library or this agent. numpy, torch, matplotlib and IPython do several of these things
themselves (ctypes at import, frames for warnings, ``compile`` for every cell): from their own
frames it is allowed. The events:

==========================================  ==============================================
``sys._getframe``, ``sys._current_frames``  frames lead to the agent's locals and the shell
``object.__getattr__`` of ``__code__``,     the same, through tracebacks, generators and
``tb_frame``, ``f_code``, ``gi_frame``...   functions' code
``gc.get_referrers`` / ``_referents`` /     every object of the process, the agent's too
``get_objects``
``code.__new__``, ``function.__new__``,     code made at run time (a reference read from a
``compile``, ``exec``, ``marshal.loads``    file, a function given another's body)
``object.__setattr__`` of ``__code__``      a function of the library made to run other code
``ctypes.*``                                raw memory and foreign calls
``sys.addaudithook``, ``sys.settrace``,     hooks that see every frame
``sys.setprofile``
``import`` of ``kernel_agent``              the agent leaves ``sys.modules`` once it runs, so
                                            its state is not reachable by a cached import
``exec`` of a loaded library module's code  a fresh copy of the module (its loader's
(even by the library, for the student)      ``exec_module``, ``importlib.reload``) runs the
                                            code its file has, where the loaded module has a
                                            kept function switched off or stood in for
==========================================  ==============================================

Some events can never be refused from here (a cached import raises none, nor does an ordinary
attribute write); what covers those routes is listed in ``grader/SECURITY.md``.
"""

from __future__ import annotations

import _thread
import os
import sys
import types
from collections.abc import Callable, Iterable

FRAME_EVENTS = frozenset({"sys._getframe", "sys._current_frames", "sys._current_exceptions"})
CODE_EVENTS = frozenset({"code.__new__", "function.__new__", "compile", "exec", "marshal.loads",
                         "marshal.load"})
HOOK_EVENTS = frozenset({"sys.addaudithook", "sys.settrace", "sys.setprofile"})
OBJECT_EVENTS = frozenset({"gc.get_referrers", "gc.get_referents", "gc.get_objects"})
#: Attribute reads that hand out frames or code (CPython audits these as ``object.__getattr__``).
GUARDED_READS = frozenset({"__code__", "tb_frame", "f_code", "gi_frame", "gi_code", "cr_frame", "cr_code",
                           "ag_frame", "ag_code"})
GUARDED_WRITES = frozenset({"__code__"})
WATCHED = FRAME_EVENTS | CODE_EVENTS | HOOK_EVENTS | OBJECT_EVENTS | {
    "object.__getattr__", "object.__setattr__", "object.__delattr__", "import"}
#: Attribute reads that hand out a frame (with ``f_back``, ``f_locals`` and ``f_globals``, which
#: CPython does not audit, a frame leads to every caller's variables, the agent's among them).
FRAME_READS = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})
#: Functions that hand the frames they get to their caller: for a frame event in one of them, the
#: caller decides (``traceback.walk_stack(None)`` asks for the student's frame on the student's
#: behalf). file (its last parts) -> its functions that do (None: every function of the file). It
#: is the whole list for the standard library of the Python this course runs on (every use of
#: ``sys._getframe``, ``tb_frame``, ``gi_frame`` and ``cr_frame`` in it was read), and IPython's
#: helper that returns a caller's variables; the others use frames for their own ends (a module's
#: name, a warning's line, a printed stack) and still decide for themselves.
FRAME_HANDING: dict[str, frozenset[str] | None] = {
    "inspect.py": None,
    "traceback.py": frozenset({"walk_stack", "walk_tb", "_walk_tb_with_full_positions"}),
    f"logging{os.sep}__init__.py": frozenset({"<lambda>", "currentframe"}),
    "types.py": frozenset({"gi_frame"}),
    f"asyncio{os.sep}base_tasks.py": frozenset({"_task_get_stack"}),
    f"asyncio{os.sep}tasks.py": frozenset({"get_stack"}),
    "bdb.py": frozenset({"get_stack"}),
    f"IPython{os.sep}utils{os.sep}frame.py": None,
    # IPython's traceback libraries, which read frames for whoever calls them (round 4's a27)
    f"stack_data{os.sep}core.py": None, f"stack_data{os.sep}formatting.py": None,
    f"stack_data{os.sep}serializing.py": None, f"stack_data{os.sep}utils.py": None,
    f"executing{os.sep}executing.py": None, f"pure_eval{os.sep}core.py": None,
}
#: Pseudo-files of trusted code: the frozen standard library, and the course's helper code the
#: agent runs for the judge (``kernel_agent.agent``, operation ``exec``).
TRUSTED_NAMES = ("<frozen ",)
HELPERS_FILE = "<course helpers>"
AGENT_PACKAGE = "kernel_agent"


class GuardRefusal(RuntimeError):
    """What the guard raises in the student's code."""


def trusted_roots(extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The folders whose files are not student code: the Python installation, its environment's
    packages, the course's library (wherever this kernel imports it from) and this agent."""
    import importlib.util
    import site
    import sysconfig

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    roots |= {p for p in sysconfig.get_paths().values() if p}
    try:
        # (not the user's site-packages: it lies in the kernel's home, which the notebook can write)
        roots |= set(site.getsitepackages())
    except AttributeError:  # a virtual environment's old site module
        pass
    roots.add(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.find_spec("autograd_lib")
    if spec is not None and spec.submodule_search_locations:
        roots |= set(spec.submodule_search_locations)
    roots |= set(extra)
    found = set()
    for root in roots:
        for path in (root, os.path.realpath(root)):
            if path and path != os.sep:
                found.add(path.rstrip(os.sep) + os.sep)
    return tuple(sorted(found))


def is_the_files_own_text(source, filename: str) -> bool:
    """Whether ``source`` is exactly the text of the file ``filename`` (nothing forged under its name)."""
    if not isinstance(source, (str, bytes, bytearray)):
        return False
    try:
        with open(filename, "rb") as file:
            data = file.read()
    except OSError:
        return False
    return (source.encode() if isinstance(source, str) else bytes(source)) == data


#: compile()'s flag for "give the syntax tree, not code" (from ``_ast``, not ``ast``'s copy,
#: which a notebook can change).
ONLY_AST = __import__("_ast").PyCF_ONLY_AST
#: ``ast.parse``: its call of compile gives a syntax tree, which cannot run until it is compiled again.
AST_PARSE = (os.path.join(os.path.dirname(os.__file__), "ast.py"), "parse")


def only_parses(frame) -> bool:
    """Whether ``frame``, which calls compile, is ``ast.parse`` asking for a syntax tree only
    (IPython's tracebacks parse the lines the agent shows for a released function, which are not
    the build's file). Its ``flags`` are read from the frame itself: setting ``ast.PyCF_ONLY_AST``
    to 0 would make ``ast.parse`` give code, and is refused."""
    if frame is None or (frame.f_code.co_filename, frame.f_code.co_name) != AST_PARSE:
        return False
    flags = frame.f_locals.get("flags")
    return isinstance(flags, int) and bool(flags & ONLY_AST)


def on_disk(filename: str) -> bool:
    """Whether ``filename`` is a file, or lies in one (a module in a zip archive): code read from
    disk, not a cell's pseudo-file name."""
    if not filename or filename.startswith("<"):
        return False
    path = filename
    while path and path != os.sep:
        if os.path.isfile(path):
            return True
        path = os.path.dirname(path)
    return False


def module_file(frame) -> str | None:
    """The ``__file__`` of the module that the import system's ``_call_with_frames_removed``
    (``frame``) runs code into, or None."""
    if frame is None or frame.f_code.co_name != "_call_with_frames_removed":
        return None
    args = frame.f_locals.get("args")
    if isinstance(args, tuple) and len(args) > 1 and isinstance(args[1], dict):
        found = args[1].get("__file__")
        return found if isinstance(found, str) else None
    return None


#: IPython's run of a cell (``InteractiveShell.run_code``): the notebook's own, checked code.
CELL_RUNNER = (os.path.join("IPython", "core", "interactiveshell.py"), "run_code")


def install(extra_roots: Iterable[str] = (), extra_names: tuple[str, ...] = (),
            extra_compilers: Iterable[str] = ()) -> tuple[Callable, Callable]:
    """Install the guard (once per process: an audit hook cannot be removed). Returns ``report()``
    (what was refused so far, in order) and ``seal()`` (from now on the agent may not be imported).

    The hook's state lives in this call's closure, not on an object: ``report`` closes over the
    record alone, so whatever reaches it cannot change what is trusted or switch the hook off."""
    extra_roots = tuple(extra_roots)
    roots = trusted_roots(extra_roots)
    names = TRUSTED_NAMES + tuple(extra_names)
    # who may compile code under a trusted name: the import system, this agent, and (in a
    # rehearsal) the judge, whose own hidden tests are compiled under their pseudo-file names
    compilers = ("<frozen importlib", os.path.dirname(os.path.abspath(__file__)) + os.sep,
                 *(os.path.join(r, "") for r in extra_compilers))
    inside: set[int] = set()
    refused: list[str] = []
    sealed = [False]

    def trusted(filename: str) -> bool:
        return filename.startswith(roots) or filename.startswith(names) or filename == HELPERS_FILE

    def deciding(frame, event: str, args: tuple):
        """The frame whose code caused ``event``: ``frame``, past the code that acts for its caller
        (``ctypes`` for its own calls; for a frame handed out, the functions of ``FRAME_HANDING``)."""
        if event.startswith("ctypes."):
            while frame is not None and f"{os.sep}ctypes{os.sep}" in frame.f_code.co_filename:
                frame = frame.f_back
        elif event in FRAME_EVENTS or (event == "object.__getattr__" and len(args) > 1 and args[1] in FRAME_READS):
            while frame is not None and hands_frames(frame.f_code):
                frame = frame.f_back
        return frame

    def hands_frames(code) -> bool:
        for suffix, functions in FRAME_HANDING.items():
            if code.co_filename.endswith(os.sep + suffix) and (functions is None or code.co_name in functions):
                return True
        return False

    def loaded(filename: str) -> bool:
        """Whether a module of ``filename`` has been imported already (its first import, still
        running, is not: importlib marks its spec ``_initializing`` until it is done)."""
        for module in list(sys.modules.values()):
            names = getattr(module, "__dict__", None)
            if isinstance(names, dict) and names.get("__file__") == filename \
                    and not getattr(names.get("__spec__"), "_initializing", False):
                return True
        return False

    def student_below(frame) -> bool:
        """Whether student code is on the stack under ``frame`` (it called whatever runs now)."""
        while frame is not None:
            if not trusted(frame.f_code.co_filename):
                return True
            frame = frame.f_back
        return False

    def refusal(event: str, args: tuple, origin) -> str | None:
        """Why ``event``, raised by the code of frame ``origin``, is refused; None when allowed."""
        if event == "import":
            name = str(args[0]) if args else ""
            if sealed[0] and (name == AGENT_PACKAGE or name.startswith(AGENT_PACKAGE + ".")):
                return f"importing {name}, the grading agent"
            return None
        if event in ("object.__getattr__", "object.__setattr__", "object.__delattr__"):
            name = args[1] if len(args) > 1 else None
            if name not in (GUARDED_READS if event == "object.__getattr__" else GUARDED_WRITES):
                return None
            detail = f"{ATTRIBUTE_VERBS[event]} the attribute {name}"
        elif event.startswith("ctypes."):
            detail = f"calling into ctypes ({event})"
        else:
            detail = EVENT_TEXT.get(event, event)
        frame = deciding(origin, event, args)
        caller = frame.f_code.co_filename if frame is not None else ""
        if event == "compile":
            filename = str(args[1]) if len(args) > 1 else ""
            if trusted(filename) and not caller.startswith(compilers) and student_below(frame) \
                    and not only_parses(frame) and not is_the_files_own_text(args[0] if args else None, filename):
                # code the student chose, under a name that makes it look like the library's or the
                # agent's (IPython's compiler, for one, takes any name); a library that compiles a
                # library file for its own use (IPython's tracebacks do) has no student code below
                # it, or compiles that file's own text (a traceback's source lookup under a test), or
                # only parses it (a traceback of the lines shown for a released function)
                return f"compiling code under the name {filename!r}"
        if event == "exec" and args and isinstance(args[0], types.CodeType) and args[0].co_name == "<module>" \
                and trusted(args[0].co_filename) and student_below(frame) and loaded(args[0].co_filename):
            # a fresh copy of a library module (its loader's exec_module, importlib.reload) holds the
            # module's code as its file has it: the kept functions whose exercise is being judged,
            # which the loaded module runs switched off or with the student's code standing in
            return f"running the library module {args[0].co_filename!r} again"
        if event == "exec" and args and isinstance(args[0], types.CodeType) and student_below(frame) \
                and not (caller.endswith(os.sep + CELL_RUNNER[0]) and frame.f_code.co_name == CELL_RUNNER[1]):
            # code from a file the notebook wrote (an import, runpy, zipimport) or from a .pth line:
            # the static check reads the notebook's cells only
            written = module_file(frame) or args[0].co_filename
            if not trusted(written) and on_disk(written):
                return f"running code from the file {written!r}, which the notebook can write (only cells are checked)"
            site = caller == "<frozen site>" or caller.endswith(os.sep + "site.py")
            if site and frame.f_code.co_name == "addpackage":
                return "running a line of a .pth file (code outside the notebook's cells)"
        if frame is None or trusted(caller):
            return None
        return f"{detail}, at line {frame.f_lineno} of the notebook's code"

    def hook(event: str, args: tuple) -> None:
        if event not in WATCHED and not event.startswith("ctypes."):
            return
        me = _thread.get_ident()
        if me in inside:  # the hook's own frame lookups raise events too
            return
        inside.add(me)
        try:
            why = refusal(event, args, sys._getframe(1))
        finally:
            inside.discard(me)
        if why is not None:
            refused.append(why)
            raise GuardRefusal(f"the grading kernel refuses this: {why}. No answer needs it; the notebook "
                               "is held for an instructor to review")

    def report() -> list[str]:
        return list(refused)

    def seal() -> None:
        sealed[0] = True

    sys.addaudithook(hook)
    return report, seal


ATTRIBUTE_VERBS = {"object.__getattr__": "reading", "object.__setattr__": "replacing",
                   "object.__delattr__": "deleting"}
EVENT_TEXT = {
    "sys._getframe": "reading a frame (sys._getframe)", "sys._current_frames": "reading every thread's frame",
    "sys._current_exceptions": "reading every thread's exception", "exec": "running a code object",
    "compile": "compiling code at run time", "code.__new__": "making a code object",
    "function.__new__": "making a function from a code object", "marshal.loads": "loading code with marshal",
    "marshal.load": "loading code with marshal", "sys.addaudithook": "adding an audit hook",
    "sys.settrace": "setting a trace function", "sys.setprofile": "setting a profile function",
    "gc.get_referrers": "asking gc for an object's referrers", "gc.get_referents": "asking gc for referents",
    "gc.get_objects": "asking gc for every object",
}
