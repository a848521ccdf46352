"""``make lab``: the course on one computer, the way a hosted course works.

1. The built chapters (``assignments/``; the Chinese edition's ``assignments-zh/`` with
   ``--edition zh``, both with ``all``) are released with nbgrader's own release to a local
   exchange, ``build/lab/exchange`` (``COURSE_LAB_STATE_DIR`` moves ``build/lab``), from an
   instructor-side course directory ``build/lab/course``. Re-running releases only what changed.
2. JupyterLab starts in student mode (``jupyter-config/``: Assignment List and Validate, no
   instructor tools) in the student's own work folder, ``~/autograd-course``
   (``COURSE_STUDENT_DIR`` or ``--student-dir`` moves it).
3. The student fetches a chapter from *Nbgrader > Assignment List* into that folder, works in
   the copy, presses *Validate*, and *Submit*s to the local exchange; ``python -m grader check
   ~/autograd-course/NN_slug/NN_slug.ipynb`` grades the copy with the hidden tests.

Why the work folder is ``~/autograd-course`` and not ``build/student/``: ``build/`` is the
project's scratch space (``make clean`` deletes it, and so does anyone who treats it as such), and
a student's answers are the one thing here that cannot be made again. A folder in the home
directory survives ``make clean``, a fresh clone and a ``git clean``; it is outside the
repository, so ``git status`` stays clean and ``assignments/`` stays exactly what ``make build``
writes; and it is where a hosted course keeps a student's work too (their home folder).

Every argument after the options is passed to ``jupyter lab`` (the tests add ``--no-browser``,
``--port``, a token).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from course_exchange import EDITION_FOLDERS, REPO_ROOT, release_built_chapters  # noqa: E402

CONFIG_DIR = REPO_ROOT / "jupyter-config"


def state_dir() -> Path:
    return Path(os.environ.get("COURSE_LAB_STATE_DIR") or REPO_ROOT / "build" / "lab")


def default_student_dir() -> Path:
    return Path(os.environ.get("COURSE_STUDENT_DIR") or Path.home() / "autograd-course")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="deploy/local/lab.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--student-dir", default=str(default_student_dir()),
                        help="the student's work folder (default ~/autograd-course)")
    parser.add_argument("--release-only", action="store_true",
                        help="release the chapters to the local exchange and stop")
    parser.add_argument("--edition", choices=sorted(EDITION_FOLDERS), default=os.environ.get("COURSE_EDITION") or "en",
                        help="the chapters to release: en (English, the default), zh (the Chinese edition) or all")
    args, lab_args = parser.parse_known_args(argv)
    state = state_dir()
    exchange = state / "exchange"
    for built in EDITION_FOLDERS[args.edition]:
        release_built_chapters(state / "course", exchange, built=built)
    if args.release_only:
        return 0
    student = Path(args.student_dir).expanduser().resolve()
    for generated in (REPO_ROOT / "assignments", REPO_ROOT / "solutions", REPO_ROOT / "course",
                      REPO_ROOT / "assignments-zh", REPO_ROOT / "solutions-zh"):
        if student == generated or generated in student.parents:
            raise SystemExit(f"{student}: the work folder must be outside {generated} (a copy of your own)")
    student.mkdir(parents=True, exist_ok=True)
    print(f"Your work folder: {student}\n"
          "  Nbgrader > Assignment List: Fetch a chapter, work in your copy, Validate, Submit.\n"
          f"  Grade your copy with the hidden tests: {sys.executable} -m grader check "
          f"{student}/NN_slug/NN_slug.ipynb", flush=True)
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(CONFIG_DIR), COURSE_LAB_STATE_DIR=str(state))
    env.pop("COURSE_EXCHANGE_ROOT", None)  # the local exchange, never a hub's
    command = [sys.executable, "-m", "jupyter", "lab", "--allow-root", f"--ServerApp.root_dir={student}",
               *lab_args]
    os.chdir(student)
    os.execvpe(command[0], command, env)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
