"""A student's work folder: the chapters' notebooks as fetched (``NN_slug/NN_slug.ipynb``, or the
Chinese edition's ``zh_NN_slug/zh_NN_slug.ipynb``), read without ever raising."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

DEFAULT = Path("~/autograd-course")


@dataclass
class ChapterWork:
    """One chapter of the work folder: its notebook, or why it cannot be read."""

    chapter: str  # the English chapter id
    path: Path | None = None
    notebook: nbformat.NotebookNode | None = None
    problem: str = ""  # "no notebook", "not valid JSON: ..."
    note: str = ""  # "the Chinese edition (the folder also holds the English one: ...)"


@dataclass
class WorkFolder:
    folder: Path
    chapters: dict[str, ChapterWork] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _candidates(folder: Path, chapter: str) -> dict[str, Path]:
    found = {}
    for edition, name in (("English", chapter), ("Chinese", f"zh_{chapter}")):
        path = folder / name / f"{name}.ipynb"
        if path.is_file():
            found[edition] = path
    return found


def read_work_folder(folder: Path, chapters: list[str]) -> WorkFolder:
    """Each chapter's notebook in ``folder``; a chapter found in both editions uses the English one
    and says so."""
    folder = Path(folder).expanduser()
    work = WorkFolder(folder)
    if not folder.is_dir():
        work.notes.append(f"{folder} is not a folder: every piece comes from the course")
    for chapter in chapters:
        found = _candidates(folder, chapter) if folder.is_dir() else {}
        entry = ChapterWork(chapter)
        if not found:
            entry.problem = f"no notebook for {chapter} in {folder}"
        else:
            edition = "English" if "English" in found else "Chinese"
            entry.path = found[edition]
            if len(found) == 2:
                entry.note = f"both editions found; the English one is used ({entry.path.name})"
                work.notes.append(f"{chapter}: {entry.note}")
            try:
                text = entry.path.read_text(encoding="utf-8")
                json.loads(text)
                entry.notebook = nbformat.reads(text, as_version=4)
            except (json.JSONDecodeError, UnicodeDecodeError) as error:
                entry.problem = f"{entry.path.name} is not valid JSON ({error})"
            except Exception as error:  # nbformat's own validation errors
                entry.problem = f"{entry.path.name} is not a notebook ({type(error).__name__}: {error})"
        work.chapters[chapter] = entry
    return work
