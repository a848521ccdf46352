"""The autograde pipeline: nbgrader's preprocessors and this project's, in one declared list.

nbgrader first *sanitises* a submission (its own steps: clear outputs, restore the course's test
and read-only cells from the gradebook, check metadata), then runs the *autograde* steps below,
in order, on the notebook, and saves each test cell's score. Each step is one class with one job:

==========================  =================================================================
``StaticCheck``             the student's cells' syntax: references to reference code, dynamic access
``SeparateHiddenTests``     the hidden tests leave the test cells: the kernel never runs them
``LimitedExecute``          the kernel runs the notebook (sandboxed, limited); after each test
                            cell the judge runs that cell's hidden tests and keeps its verdict
``ApplyVerdicts``           each test cell's outputs say what the judge decided (and its message)
``IgnorePattern``           harmless warnings leave stderr (nbgrader)
``ClearMetadata``           metadata a kernel may have added goes (nbconvert)
``LimitOutput``             long outputs are cut (nbgrader)
``SaveAutoGrades``          nbgrader scores each test cell from its outputs: the judge's score
``AssignLatePenalties``     nbgrader's late penalties, if configured
``CheckCellMetadata``       nbgrader's last check
==========================  =================================================================

Each of this project's steps writes what it found to a JSON report in the job's folder
(``static.json``, ``execute.json``, ``messages.json``); the worker reads them into the job's
``JobResult``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, IgnorePattern, LimitOutput, SaveAutoGrades
from traitlets.config import Config

from grader.course.kernel_library import kernel_binds, kernel_pythonpath
from grader.course.model import AssignmentFacts
from grader.course.nbgrader_setup import nbgrader_config
from grader.course.run_notebook import KERNEL_ENV as COURSE_KERNEL_ENV
from grader.feedback.feedback_page import feedback_config
from grader.pipeline.bookkeeping import FeedbackExporter
from grader.pipeline.preprocessors import ApplyVerdicts, LimitedExecute, SeparateHiddenTests, StaticCheck
from grader.records.settings import GradingSettings, default_jobs
from grader.sandbox.policy import kernel_home_env, kernel_home_files, prepare_sandbox_dirs, sandbox_layout

AUTOGRADE_STEPS = [
    StaticCheck, SeparateHiddenTests, LimitedExecute, ApplyVerdicts, IgnorePattern, ClearMetadataPreprocessor,
    LimitOutput, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata,
]
KERNEL_ENV = {**COURSE_KERNEL_ENV, "PYTHONDONTWRITEBYTECODE": "1"}
#: What the kernel runs before the first cell: the agent and its guard (``kernel_agent.agent``),
#: then the agent leaves ``sys.modules``; no name is bound in the notebook's namespace.
AGENT_START = '__import__("kernel_agent.agent").agent.leave()'
#: ipykernel's arguments: no history file, and the kernel's start-up (``AGENT_START``). Cold and
#: warm kernels both start with these: a warm kernel runs the start-up in the forked child, after
#: the fork, before any student code (``kernel_template.start``).
KERNEL_ARGUMENTS = ["--HistoryManager.hist_file=:memory:", f"--IPKernelApp.exec_lines={AGENT_START}"]
#: Reports the steps write into the job's folder.
STATIC_REPORT, EXECUTE_REPORT, MESSAGES_REPORT = "static.json", "execute.json", "messages.json"
TRANSCRIPTS = "transcripts.pkl"  # the diagnosis runs of failed test cells


def autograde_config(course: Path, reports: Path, settings: GradingSettings, facts: AssignmentFacts, *,
                     seed: int, scratch: Path, bwrap: str | None, course_files: list[Path],
                     kernel_library: str | None = None, warm: bool = False) -> Config:
    """nbgrader's configuration for grading one job in the course directory ``course``.

    ``scratch`` is the kernel's own folder on the host: its sockets (``scratch/sockets``, the
    only host folder a sandboxed kernel can write, sealed once it runs) and, unsandboxed, its
    working folder ``scratch/work``. Sandboxed, the working folder, home, config and caches are
    tmpfs mounts inside the sandbox (``sandbox.py``). ``reports`` is where the steps write what
    they found; ``course_files`` are the chapter's own files the notebook may open (never a file
    the student submitted); ``kernel_library`` the chapter's build of ``autograd_lib``, which the
    kernel imports in place of the installed one (``grader.course.kernel_library``); ``warm``: fork
    the kernel from this worker's template for the chapter (``grader/sandbox/warm_kernels.py``) rather than
    start it (sandboxed only).
    """
    c = nbgrader_config(course, cell_timeout=settings.cell_timeout)
    c.Autograde.autograde_preprocessors = AUTOGRADE_STEPS
    c.StaticCheck.references = facts.references
    c.StaticCheck.exercise_tests = facts.exercise_tests
    c.StaticCheck.course_cells = facts.course_cells
    c.StaticCheck.exercise_answers = {e.name: list(e.answer_ids) for listed in facts.exercises.values() for e in listed}
    c.StaticCheck.answer_names = facts.answer_names
    c.StaticCheck.report_path = str(reports / STATIC_REPORT)
    c.SeparateHiddenTests.show_source = not settings.hide_hidden_tests
    c.SeparateHiddenTests.language = facts.language
    c.LimitedExecute.hidden_tests = facts.hidden_tests
    c.LimitedExecute.judge_seed = seed
    c.LimitedExecute.work_dir = str(scratch / "work")
    c.LimitedExecute.notebook_timeout = settings.notebook_timeout
    c.LimitedExecute.idle_allowance = float(settings.idle_allowance)
    c.LimitedExecute.memory_mb = settings.memory_mb
    c.LimitedExecute.output_bytes = settings.output_bytes
    c.LimitedExecute.report_path = str(reports / EXECUTE_REPORT)
    c.LimitedExecute.transcripts_path = str(reports / TRANSCRIPTS) if settings.diagnose else ""
    c.LimitedExecute.kernel_library = kernel_library or ""
    c.LimitedExecute.exercise_tests = facts.exercise_tests
    c.LimitedExecute.extra_arguments = list(KERNEL_ARGUMENTS)
    c.ApplyVerdicts.report_path = str(reports / MESSAGES_REPORT)
    c.GenerateFeedback.exporter_class = FeedbackExporter  # its templates compiled once per worker
    if settings.late_penalty in ("none", "zero"):  # nbgrader's rules, on the received time (``received``)
        c.LateSubmissionPlugin.penalty_method = settings.late_penalty
    else:
        c.AssignLatePenalties.plugin_class = settings.late_penalty
    c.ApplyVerdicts.language = facts.language  # a translated edition's messages are worded in its language
    c.ApplyVerdicts.chapter = facts.english_id
    env = kernel_env(settings.jobs)
    # The kernel talks over ipc sockets in its own folder: no TCP port, and no "unencrypted TCP"
    # warning per student (ipc is a file only this job's kernel and grader can reach).
    sockets = scratch / "sockets"
    sockets.mkdir(exist_ok=True)
    c.CourseKernelManager.transport = "ipc"
    c.CourseKernelManager.ip = str(sockets / "k")
    c.CourseKernelManager.connection_file = str(sockets / "kernel.json")
    work = scratch / "work"  # sandboxed: an empty folder under the kernel's tmpfs, which it never sees
    work.mkdir(exist_ok=True)
    if bwrap:
        c.CourseKernelManager.sandbox = bwrap
        c.CourseKernelManager.warm = warm
        packages = ("kernel_agent", "kernel_template") if warm else ("kernel_agent",)
        layout = sandbox_layout(None, packages)["ro_binds"]
        if kernel_library:  # the build, read-only, at the installed package's own path
            layout = kernel_binds(layout, Path(kernel_library))
        c.CourseKernelManager.sandbox_ro_binds = layout
        c.CourseKernelManager.sandbox_rw_binds = [str(sockets)]
        c.CourseKernelManager.sandbox_work = str(work)
        c.CourseKernelManager.sandbox_files = [str(f) for f in course_files]
        c.CourseKernelManager.sandbox_home_files = kernel_home_files()
        c.CourseKernelManager.socket_dir = str(sockets)
        env.update(kernel_home_env())
        prepare_sandbox_dirs(sockets)
    else:  # no sandbox: the course's files are copied into the working folder
        for path in course_files:
            shutil.copyfile(path, work / Path(path).name)
        if kernel_library:  # the build first on the kernel's import path
            env = kernel_pythonpath({**env, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}, Path(kernel_library))
    c.CourseKernelManager.extra_env = env
    return feedback_config(c)


def kernel_env(jobs: int) -> dict[str, str]:
    """The grader's variables of a kernel's environment: parallel kernels share the cores."""
    threads = str(max(1, default_jobs() // max(1, jobs)))
    return {**KERNEL_ENV, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads, "OPENBLAS_NUM_THREADS": threads}


def warm_kernel_spec(course_files: list[str], memory_mb: int = 2048, jobs: int = 2,
                     kernel_library: str | None = None):
    """The ``KernelSpec`` of a sandboxed warm kernel as ``autograde_config`` makes it, for the
    course's files ``course_files`` and the chapter's ``kernel_library`` (benchmarks and tests
    start warm kernels without nbgrader)."""
    from grader.sandbox.policy import find_bwrap, kernel_environment
    from grader.sandbox.warm_kernels import KernelSpec

    env = {**kernel_environment(os.environ), **kernel_env(jobs), **kernel_home_env()}
    layout = sandbox_layout(kernel_library, ("kernel_agent", "kernel_template"))["ro_binds"]
    return KernelSpec.of(find_bwrap(), layout, list(course_files), kernel_home_files(), env, KERNEL_ARGUMENTS,
                         memory_mb * 2**20)
