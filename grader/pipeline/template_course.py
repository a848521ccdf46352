"""The template course of a run: each needed assignment's source, release, an empty gradebook and
the chapter's kernel library.

Every job copies its assignment's source and the empty gradebook from here, so nbgrader's
``generate_assignment`` runs once per version of the course, not once per student. The kernel
library of each assignment (``grader.course.kernel_library``: autograd_lib without the chapter's
answers) is built once per version of the course and the library, and kept here, in ``OUT``, so
that every worker of a run (a Dask worker on another machine too) mounts the same one. Built
templates are cached across runs (``~/.cache/autograd-course-grader/templates``), keyed by the
chapters' files, the library's and the code that reads them (``grader/course/*.py``).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from nbgrader.api import Gradebook

from grader.course.kernel_library import cached_builds, installed_package
from grader.course.model import AssignmentFacts, Chapter, find_chapters
from grader.course.nbgrader_setup import COURSE_ID, NbgraderCourse
from grader.files import tree_fingerprint
from grader.i18n.editions import chapter_key
from grader.imports import code_fingerprint

#: The code a template is built with, and the diagnosis runs its cache keeps (``judge.catalogue``):
#: its key holds every grader module these import (``grader.imports.code_fingerprint``), and for a
#: translated edition those that make its source notebooks (``i18n.chapters``).
TEMPLATE_CODE = ("grader.pipeline.template_course", "grader.judge.catalogue")
EDITION_CODE = ("grader.i18n.chapters",)
KERNEL_LIBRARY = "kernel_library"  # the template's folder of the assignments' kernel libraries


@dataclass(frozen=True)
class TemplateCourse:
    """A built template course at ``root`` and what it tells about each assignment."""

    root: Path
    fingerprints: dict[str, str]  # assignment -> hash of its source folder
    max_scores: dict[str, float]
    facts: dict[str, AssignmentFacts]
    cache: Path  # the shared built template, where what is computed once per course version is kept

    @classmethod
    def prepare(cls, out: Path, chapters: list[Chapter]) -> TemplateCourse:
        """``OUT/template`` for ``chapters``: reused from the last run or the cache when current."""
        root = Path(out) / "template"
        key = {c.chapter_id: tree_fingerprint(c.folder) for c in chapters}
        translated = any(c.language != "en" for c in chapters)
        key["grader"] = code_fingerprint(TEMPLATE_CODE + (EDITION_CODE if translated else ()))
        key["autograd_lib"] = tree_fingerprint(installed_package(), "*.py")
        # a chapter's kernel library withholds later chapters' answers too: it reads the whole
        # (English) course; a translated edition's chapter is graded on its English chapter's build
        builds = cached_builds(find_chapters(chapters[0].folder.parent)) if chapters else {}
        key["kernel_library"] = next(iter(builds.values())).parent.name if builds else ""
        stamp = root / "template.json"
        cached = cache_dir() / hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()
        if _read_key(stamp) != key:
            if root.exists():
                shutil.rmtree(root)
            if not (cached / "template.json").exists():
                _build(cached, chapters, key, builds)
            shutil.copytree(cached, root, ignore=shutil.ignore_patterns("diagnosis"))
        course = NbgraderCourse(root)
        ids = [c.chapter_id for c in chapters]
        fingerprints = {a: tree_fingerprint(course.source_dir(a)) for a in ids}
        folders = {c.chapter_id: c.folder for c in chapters}
        facts = {a: AssignmentFacts.read(course.source_dir(a), folders[a]) for a in ids}
        with Gradebook(course.config.CourseDirectory.db_url, COURSE_ID) as gb:
            max_scores = {a: float(gb.find_assignment(a).max_score) for a in ids}
        return cls(root, fingerprints, max_scores, facts, cached)

    @property
    def gradebook(self) -> Path:
        return self.root / "gradebook.db"

    def kernel_library(self, assignment_id: str) -> Path | None:
        """The assignment's kernel library (None for a course whose builds are absent)."""
        folder = self.root / KERNEL_LIBRARY / assignment_id
        return folder if folder.is_dir() else None


def cache_dir() -> Path:
    """Built templates, shared by runs (the release is made once per version of the course)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "autograd-course-grader" / "templates"


def _read_key(stamp: Path):
    try:
        return json.loads(stamp.read_text()).get("key")
    except (OSError, ValueError):
        return None


def _build(target: Path, chapters: list[Chapter], key: dict, builds: dict[str, Path]) -> None:
    """Build in a scratch folder, then move into place: parallel runs never see half of one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=target.parent))
    course = NbgraderCourse(scratch)
    for chapter in chapters:
        course.add_source(chapter)
        course.generate_assignment(chapter.chapter_id)
        build = builds.get(chapter_key(chapter.chapter_id))
        if build is not None:
            shutil.copytree(build, scratch / KERNEL_LIBRARY / chapter.chapter_id)
    (scratch / "template.json").write_text(json.dumps({"key": key}))
    try:
        os.rename(scratch, target)
    except OSError:  # another run finished first
        shutil.rmtree(scratch, ignore_errors=True)
