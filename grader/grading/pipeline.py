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

import shutil
from pathlib import Path

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import AssignLatePenalties, CheckCellMetadata, IgnorePattern, LimitOutput, SaveAutoGrades
from traitlets.config import Config

from grader.course.model import AssignmentFacts
from grader.course.nbgrader_setup import nbgrader_config
from grader.course.run_notebook import KERNEL_ENV as COURSE_KERNEL_ENV
from grader.grading.feedback import feedback_config
from grader.grading.preprocessors import ApplyVerdicts, LimitedExecute, SeparateHiddenTests, StaticCheck
from grader.grading.sandbox import prepare_sandbox_dirs, sandbox_layout
from grader.grading.settings import GradingSettings, default_jobs

AUTOGRADE_STEPS = [
    StaticCheck, SeparateHiddenTests, LimitedExecute, ApplyVerdicts, IgnorePattern, ClearMetadataPreprocessor,
    LimitOutput, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata,
]
KERNEL_ENV = {**COURSE_KERNEL_ENV, "PYTHONDONTWRITEBYTECODE": "1"}
#: Reports the steps write into the job's folder.
STATIC_REPORT, EXECUTE_REPORT, MESSAGES_REPORT = "static.json", "execute.json", "messages.json"
TRANSCRIPTS = "transcripts.pkl"  # the diagnosis runs of failed test cells


def autograde_config(course: Path, reports: Path, settings: GradingSettings, facts: AssignmentFacts, *,
                     seed: int, scratch: Path, bwrap: str | None, course_files: list[Path]) -> Config:
    """nbgrader's configuration for grading one job in the course directory ``course``.

    ``scratch`` is the kernel's own folder (its working folder ``scratch/work``, its sockets and
    config folders); ``reports`` is where the steps write what they found; ``course_files`` are
    the chapter's own files the notebook may open (never a file the student submitted).
    """
    c = nbgrader_config(course, cell_timeout=settings.cell_timeout)
    c.Autograde.autograde_preprocessors = AUTOGRADE_STEPS
    c.StaticCheck.references = facts.references
    c.StaticCheck.exercise_tests = facts.exercise_tests
    c.StaticCheck.course_cells = facts.course_cells
    c.StaticCheck.report_path = str(reports / STATIC_REPORT)
    c.SeparateHiddenTests.show_source = not settings.hide_hidden_tests
    c.SeparateHiddenTests.language = facts.language
    c.LimitedExecute.hidden_tests = facts.hidden_tests
    c.LimitedExecute.judge_seed = seed
    c.LimitedExecute.work_dir = str(scratch / "work")
    c.LimitedExecute.notebook_timeout = settings.notebook_timeout
    c.LimitedExecute.memory_mb = settings.memory_mb
    c.LimitedExecute.output_bytes = settings.output_bytes
    c.LimitedExecute.report_path = str(reports / EXECUTE_REPORT)
    c.LimitedExecute.transcripts_path = str(reports / TRANSCRIPTS) if settings.diagnose else ""
    # The grading agent registers its comm before any student cell runs.
    c.LimitedExecute.extra_arguments = ["--HistoryManager.hist_file=:memory:",
                                        "--IPKernelApp.exec_lines=import kernel_agent.agent"]
    c.ApplyVerdicts.report_path = str(reports / MESSAGES_REPORT)
    if settings.late_penalty in ("none", "zero"):  # nbgrader's rules, on the received time (``received``)
        c.LateSubmissionPlugin.penalty_method = settings.late_penalty
    else:
        c.AssignLatePenalties.plugin_class = settings.late_penalty
    c.ApplyVerdicts.language = facts.language  # a translated edition's messages are worded in its language
    c.ApplyVerdicts.chapter = facts.english_id
    threads = str(max(1, default_jobs() // max(1, settings.jobs)))  # parallel kernels share the cores
    env = {**KERNEL_ENV, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads, "OPENBLAS_NUM_THREADS": threads}
    # The kernel talks over ipc sockets in its own folder: no TCP port, and no "unencrypted TCP"
    # warning per student (ipc is a file only this job's kernel and grader can reach).
    sockets = scratch / "sockets"
    sockets.mkdir(exist_ok=True)
    c.CourseKernelManager.transport = "ipc"
    c.CourseKernelManager.ip = str(sockets / "k")
    c.CourseKernelManager.connection_file = str(sockets / "kernel.json")
    work = scratch / "work"
    work.mkdir(exist_ok=True)
    if bwrap:
        c.CourseKernelManager.sandbox = bwrap
        c.CourseKernelManager.sandbox_ro_binds = sandbox_layout()["ro_binds"]
        c.CourseKernelManager.sandbox_rw_binds = [str(scratch)]
        c.CourseKernelManager.sandbox_work = str(work)
        c.CourseKernelManager.sandbox_files = [str(f) for f in course_files]
        c.CourseKernelManager.socket_dir = str(sockets)
        env.update(_private_dirs(scratch))
        prepare_sandbox_dirs(scratch)
    else:  # no sandbox: the course's files are copied into the working folder
        for path in course_files:
            shutil.copyfile(path, work / Path(path).name)
    c.CourseKernelManager.extra_env = env
    return feedback_config(c)


def _private_dirs(scratch: Path) -> dict:
    """Writable config folders for the sandboxed kernel, with matplotlib's font cache copied in
    (rebuilding it would cost seconds per kernel)."""
    mpl = scratch / "matplotlib"
    mpl.mkdir(exist_ok=True)
    try:
        import matplotlib

        for cache in Path(matplotlib.get_cachedir()).glob("fontlist-*.json"):
            shutil.copy2(cache, mpl / cache.name)
    except Exception:
        pass
    (scratch / "ipython").mkdir(exist_ok=True)
    return {"MPLCONFIGDIR": str(mpl), "IPYTHONDIR": str(scratch / "ipython"), "HOME": str(scratch)}
