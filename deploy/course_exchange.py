"""nbgrader's exchange as this course uses it, hosted (``deploy/jupyterhub``) and local (``make lab``).

Two steps are the same in both places, so they live here:

- ``write_source``: a chapter's nbgrader *source* folder in an instructor's course directory, from
  ``course/`` (what ``make build`` starts from), so that ``nbgrader generate_assignment`` makes
  exactly ``assignments/<chapter>``;
- ``release_built_chapters``: put the built releases (``assignments/``, or the Chinese edition's
  ``assignments-zh/``: ``EDITION_FOLDERS``) on an exchange with nbgrader's own release (for
  ``make lab``, which needs no gradebook).

On the hub, collecting, grading and releasing feedback are the grading service's
(``grader/service``): it collects what each student really sent (nbgrader's ``collect`` trusts the
folder names anyone can write) and releases feedback under its own secrets.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # run as a script: the project's packages are importable
    sys.path.insert(0, str(REPO_ROOT))

from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR  # noqa: E402

#: nbgrader's course id, as ``grader.course.nbgrader_setup.COURSE_ID`` (a test keeps them equal;
#: not imported from there, which would load nbformat into every hub.py command and the hub).
COURSE_ID = "autograd-course"

#: The built releases of each edition (``make lab EDITION=...``): English, Chinese, or both.
EDITION_FOLDERS = {"en": (ASSIGNMENTS_DIR,), "zh": (REPO_ROOT / "assignments-zh",),
                   "all": (ASSIGNMENTS_DIR, REPO_ROOT / "assignments-zh")}


def chapter_ids(folder: Path = ASSIGNMENTS_DIR) -> list[str]:
    """The chapters built into ``folder`` (``assignments/``), in course order."""
    return sorted(p.name for p in Path(folder).iterdir() if p.is_dir() and (p / f"{p.name}.ipynb").is_file())


def write_source(course_root: Path, chapter_id: str, course_dir: Path = COURSE_DIR) -> Path:
    """``course_root/source/<chapter>/``: the chapter's nbgrader source notebook and its files."""
    import nbformat

    from grader.course.model import read_chapter
    from grader.i18n.chapters import all_chapters

    chapters = {c.chapter_id: c for c in all_chapters(Path(course_dir))}  # the Chinese edition's too
    if chapter_id not in chapters:
        raise SystemExit(f"no chapter {chapter_id!r} in {course_dir}: {', '.join(chapters)}")
    chapter = chapters[chapter_id]
    folder = Path(course_root) / "source" / chapter_id
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    nbformat.write(read_chapter(chapter), folder / chapter.notebook_name)
    for extra in chapter.extra_files:
        shutil.copy2(extra, folder / extra.name)
    return folder


def nbgrader_api(course_root: Path, exchange_root: Path):
    """nbgrader's Python API on an instructor's course directory and an exchange."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    c = Config()
    c.CourseDirectory.root = str(course_root)
    c.CourseDirectory.course_id = COURSE_ID
    c.CourseDirectory.db_url = f"sqlite:///{Path(course_root) / 'gradebook.db'}"
    c.Exchange.root = str(exchange_root)
    return NbGraderAPI(config=c)


def release_built_chapters(course_root: Path, exchange_root: Path, chapters: list[str] | None = None,
                           built: Path = ASSIGNMENTS_DIR, log=print) -> list[str]:
    """Release the built chapters (``assignments/<chapter>``) on the exchange with nbgrader's own
    release; a chapter already released with the same files is left alone. Returns those released."""
    course_root, exchange_root = Path(course_root), Path(exchange_root)
    exchange_root.mkdir(parents=True, exist_ok=True)
    api = None
    released = []
    for chapter in chapters or chapter_ids(built):
        release = course_root / "release" / chapter
        outbound = exchange_root / COURSE_ID / "outbound" / chapter
        if _same_files(built / chapter, release) and _same_files(built / chapter, outbound):
            continue
        if release.exists():
            shutil.rmtree(release)
        shutil.copytree(built / chapter, release)
        api = api or nbgrader_api(course_root, exchange_root)
        if outbound.exists():
            _check(api.unrelease(chapter), "unrelease", chapter)
        _check(api.release_assignment(chapter), "release_assignment", chapter)
        released.append(chapter)
    if released:
        log(f"released to the exchange {exchange_root}: {', '.join(released)}")
    return released


def _check(result: dict, step: str, chapter: str) -> None:
    if not result.get("success"):
        raise SystemExit(f"nbgrader {step} {chapter} failed:\n{result.get('error') or ''}\n{result.get('log') or ''}")


def _same_files(a: Path, b: Path) -> bool:
    """Both folders exist and hold the same file names with the same bytes."""
    if not (a.is_dir() and b.is_dir()):
        return False
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    return files_a == files_b and all((a / f).read_bytes() == (b / f).read_bytes() for f in files_a)
