"""Rehearse a chapter as its grading kernel would run it: in a child process that imports the
chapter's kernel library (``grader.course.kernel_library``) and has the runtime guard installed.

``rehearsal.rehearse`` runs a notebook in-process against whatever ``autograd_lib`` the process
imported. A grading kernel imports the chapter's build, without the chapter's answers, which the
judge gives back one exercise at a time (``releases``), under the guard. ``RehearsalProcess``
starts a Python whose import path begins with the build and whose guard treats the judge's own
code as trusted (it never runs in a real kernel). For a chapter whose kernel goes without a
package (chapter 9: torch), the judge here still needs it, so the package stays installed and the
notebook's own imports of it raise the kernel's ``ModuleNotFoundError``
(``kernel_library.refuse_in_notebook``: ``import`` statements and ``__import__``, which is what
the course's code uses; a grading kernel has no copy at all). Each ``rehearse`` call runs one notebook there,
with the releases, and returns what the in-process rehearsal returns. The course's tests use it to
prove that solutions, known-wrong and unusual-correct answers behave under the build as they
must, and that none of them trips the guard; the diagnosis catalogue uses it so that the known
mistakes are measured as a student's answer is graded.

    python -m grader.judge.rehearsal_process BUILD    (requests on stdin, replies on stdout)
"""

from __future__ import annotations

import importlib
import os
import pickle
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import grader

#: Code of the judge's side, trusted by the guard in a rehearsal (never present in a kernel).
JUDGE_NAMES = ("<hidden tests of ",)


class RehearsalProcess:
    """A child process that rehearses notebooks under one chapter's kernel library."""

    def __init__(self, build: Path, *, guard: bool = True, timeout: float = 900):
        from grader.course.kernel_library import kernel_pythonpath

        self.build, self.timeout = Path(build), timeout
        env = kernel_pythonpath(dict(os.environ), self.build, without=False)  # the judge needs them: see main
        env["MPLBACKEND"] = "Agg"
        self._process = subprocess.Popen(
            [sys.executable, "-m", "grader.judge.rehearsal_process", str(self.build), "guard" if guard else "plain"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd="/")

    def rehearse(self, nb, replacements: dict[str, str] | None = None, **options: Any):
        """``rehearsal.rehearse(nb, replacements, **options)`` in the child; ``nb`` is a source
        notebook or the path of one (then ``cwd`` defaults to its folder)."""
        if isinstance(nb, (str, Path)):
            options.setdefault("cwd", Path(nb).parent)
            nb = Path(nb).read_text()
        else:
            import nbformat

            nb = nbformat.writes(nb)
        _send(self._process.stdin, {"notebook": nb, "replacements": replacements or {}, "options": options})
        reply = _receive(self._process.stdout)
        if reply is None:
            raise RuntimeError(f"the rehearsal process for {self.build.name} ended (exit {self._process.poll()})")
        if "error" in reply:
            raise RuntimeError(f"a rehearsal under {self.build.name} failed: {reply['error']}")
        return reply["result"]

    def call(self, function: str, *args: Any) -> Any:
        """``module:function(*args)`` in the child (a function of the course's own tools), its result."""
        _send(self._process.stdin, {"call": function, "args": args})
        reply = _receive(self._process.stdout)
        if reply is None:
            raise RuntimeError(f"the rehearsal process for {self.build.name} ended (exit {self._process.poll()})")
        if "error" in reply:
            raise RuntimeError(f"{function} under {self.build.name} failed: {reply['error']}")
        return reply["result"]

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                self._process.stdin.close()
                self._process.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()

    def __enter__(self) -> RehearsalProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _send(stream, value: Any) -> None:
    data = pickle.dumps(value)
    stream.write(struct.pack("<Q", len(data)) + data)
    stream.flush()


def _receive(stream):
    header = stream.read(8)
    if len(header) < 8:
        return None
    (size,) = struct.unpack("<Q", header)
    return pickle.loads(stream.read(size))  # from our own child, running the course's own code


def main(argv: list[str]) -> int:
    build, mode = Path(argv[0]), argv[1] if len(argv) > 1 else "guard"
    replies = os.fdopen(os.dup(1), "wb")  # the replies' own channel: nothing a cell prints reaches it
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (for the life of the process)
    requests = sys.stdin.buffer
    import autograd_lib
    from grader.course.kernel_library import package_folder, read_releases, read_while_judged, refuse_in_notebook

    if Path(autograd_lib.__file__).resolve().parent != package_folder(build).resolve():
        raise SystemExit(f"the rehearsal imported {autograd_lib.__file__}, not the build in {build}")
    refuse_in_notebook(build)  # what the chapter's kernel goes without: the notebook's imports of it fail
    report = None
    if mode == "guard":
        from kernel_agent.guard import install

        judge = str(Path(grader.__file__).resolve().parent)
        report, _seal = install(extra_roots=[judge], extra_names=JUDGE_NAMES, extra_compilers=[judge])
    code = (read_releases(build), read_while_judged(build))
    while (request := _receive(requests)) is not None:
        try:
            if "call" in request:
                module, _, name = request["call"].partition(":")
                if not module.startswith("grader."):
                    raise ValueError(f"{request['call']} is not one of the grader's functions")
                result = getattr(importlib.import_module(module), name)(*request["args"])
            else:
                result = _rehearse(request, code, report)
            _send(replies, {"result": result})
        except Exception as error:  # the request was wrong: say so, and serve the next one
            _send(replies, {"error": f"{type(error).__name__}: {error}"})
    return 0


def _rehearse(request: dict, code: tuple[dict, dict], report):
    import nbformat

    from grader.course.model import exercises
    from grader.judge.rehearsal import rehearse
    from grader.judge.releases import Releases

    nb = nbformat.reads(request["notebook"], as_version=4)
    releases = Releases({e.name: list(e.test_ids) for e in exercises(nb)}, *code)
    return rehearse(nb, request["replacements"], releases=releases, guard_report=report, **request["options"])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
