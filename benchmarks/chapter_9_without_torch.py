"""Chapter 9's kernel without torch: its warm template's start, a warm kernel's start, and the grading
of one notebook (warm and cold, three times each), timed.

    python benchmarks/chapter_9_without_torch.py [--before]

``--before``: the same code with chapter 9 declared with torch (``kernel_library.WITHOUT`` emptied:
a build without stubs, a template that preloads torch), as the grader was. The notebook is chapter
9's solution, the same for both. Prints JSON: the load average before and after, each start, each grading.
"""
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]
from jupyter_client import BlockingKernelClient  # noqa: E402

from grader.course.kernel_library import cached_builds  # noqa: E402
from grader.course.model import find_chapters  # noqa: E402
from grader.paths import COURSE_DIR  # noqa: E402
from grader.pipeline.nbgrader_steps import warm_kernel_spec  # noqa: E402
from grader.records.settings import GradingSettings  # noqa: E402
from grader.run.class_run import autograde  # noqa: E402
from grader.sandbox.warm_kernels import TemplateProcesses  # noqa: E402


def main():
    if "--before" in sys.argv:  # the same code with chapter 9 declared with torch, as before
        from grader.course.kernel_library import WITHOUT
        WITHOUT.clear()
    build = cached_builds(find_chapters(COURSE_DIR))["09_training"]
    import nbformat
    from support.classes import FIXTURES_BY_CHAPTER, fixture_notebook, fixtures

    notebook = Path(tempfile.mkdtemp(prefix="nt-bench-nb-")) / "09_training.ipynb"
    nbformat.write(fixture_notebook(fixtures(FIXTURES_BY_CHAPTER["09_training"])["honest_without_torch"],
                                    "09_training"), notebook)
    out = {"tree": str(REPO), "before": "--before" in sys.argv, "build": str(build), "load": os.getloadavg()}
    starts = []
    for _ in range(3):
        templates = TemplateProcesses()
        spec = warm_kernel_spec([], memory_mb=1500, jobs=1, kernel_library=str(build))
        t0 = time.perf_counter()
        template = templates.template(spec)
        t1 = time.perf_counter()
        kernel = template.take(spec)
        client = BlockingKernelClient()
        client.load_connection_info(kernel.connection_info)
        client.start_channels()
        client.wait_for_ready(timeout=120)
        t2 = time.perf_counter()
        client.stop_channels()
        template.release(kernel)
        ping = template._ask({"op": "ping"}, 30)
        templates.close()
        starts.append({"template_s": round(t1 - t0, 2), "kernel_ready_s": round(t2 - t1, 2),
                       "template_modules": ping["modules"]})
    out["warm_starts"] = starts
    grades = []
    for kernels in ("warm", "cold", "warm", "cold", "warm", "cold"):
        work = Path(tempfile.mkdtemp(prefix="nt-bench-"))
        folder = work / "submissions" / "s1" / "09_training"
        folder.mkdir(parents=True)
        shutil.copy(notebook, folder / "09_training.ipynb")
        settings = GradingSettings(jobs=1, diagnose=False, kernels=kernels, sandbox="on")
        t0 = time.perf_counter()
        [result] = autograde(work / "submissions", work / "out", COURSE_DIR, settings, ["09_training"],
                             log=lambda *a: None)
        grades.append({"kernels": kernels, "wall_s": round(time.perf_counter() - t0, 2), "score": result.score,
                       "max": result.max_score, "kernel": result.kernel})
        shutil.rmtree(work, ignore_errors=True)
    out["grading"] = grades
    out["load_after"] = os.getloadavg()
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
