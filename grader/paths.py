"""Where the course's folders are, relative to the repository root (and the one environment
variable by which a build tells the notebooks it runs that they are being built)."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
COURSE_DIR = REPO_ROOT / "course"
ASSIGNMENTS_DIR = REPO_ROOT / "assignments"
SOLUTIONS_DIR = REPO_ROOT / "solutions"
EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"

#: Set in a solution's kernel while the build executes it: "Your engine so far" takes the course's
#: own answers there (``grader.engine.notebook``).
SOLUTIONS_BUILD = "AUTOGRAD_COURSE_SOLUTIONS_BUILD"
