"""Where the course's folders are, relative to the repository root."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
COURSE_DIR = REPO_ROOT / "course"
ASSIGNMENTS_DIR = REPO_ROOT / "assignments"
SOLUTIONS_DIR = REPO_ROOT / "solutions"
EXAMPLES_DIR = Path(__file__).resolve().parent / "examples"
