"""The chapters of every edition, as ``grader.course.model.Chapter`` objects: the English ones and
each translated edition's, which carry the reader that applies their translation to the English
source (``grader.i18n.assemble.translated_source``), so that ``read_chapter`` reads any edition
without the course's model knowing about translations."""

from __future__ import annotations

from pathlib import Path

from grader.course.model import Chapter, find_chapters
from grader.i18n.assemble import translated_source
from grader.i18n.editions import EDITIONS, ZH, Edition, chapter_key
from grader.paths import COURSE_DIR


def translated_chapters(edition: Edition = ZH, course_dir: Path = COURSE_DIR) -> list[Chapter]:
    """The chapters of ``edition``: each English chapter whose translation file exists, as a
    chapter of its own (its id, the English chapter's folder and files, ``language`` set)."""
    found = []
    for english in find_chapters(Path(course_dir)):
        if edition.units_path(english).is_file():
            found.append(Chapter(edition.assignment_id(english.chapter_id), english.folder, list(english.extra_files),
                                 language=edition.language, english_id=english.chapter_id,
                                 translate=translated_source))
    return found


def all_chapters(course_dir: Path = COURSE_DIR) -> list[Chapter]:
    """Every chapter the grader knows: the English ones, then each edition's."""
    chapters = find_chapters(Path(course_dir))
    for edition in EDITIONS.values():
        chapters += translated_chapters(edition, course_dir)
    return chapters


def edition_ids(course_dir: Path = COURSE_DIR) -> dict[str, list[str]]:
    """``english id -> [english id, zh id, ...]``: every chapter's ids in the editions that exist
    (the mapping a service counting attempts per chapter needs)."""
    ids: dict[str, list[str]] = {}
    for chapter in all_chapters(course_dir):
        ids.setdefault(chapter_key(chapter.chapter_id), []).append(chapter.chapter_id)
    return ids
