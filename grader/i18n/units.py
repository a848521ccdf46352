"""Translation units: what a translated edition stores, one file per scope, beside the English.

A *unit* is one piece of English a reader sees (a Markdown cell, a comment or string of a code
cell, a known mistake's explanation, a hidden test's label, a message template of the judge, a
line of the feedback page, a block of a website page) with its translation. A unit records the
hash of the English it translates, and the English itself, so that a reviewer reads both and a
changed English shows what changed. A file of units is Markdown that any editor shows well::

    <!-- unit md 3f2a9c1d0b7e
    ## The derivative as a limit
    -->
    ## 导数是一个极限

The marker comment names the unit's kind and the hash of its English (``english_hash``: the first
12 hex digits of its SHA-256), then holds the English; the translation follows, up to the next
marker. A marker ending in ``template`` holds a message template whose ``{...}`` are placeholders
(``grader.i18n.messages``). Anything before the first marker is a note for translators. An empty
translation is no translation (a skeleton written by ``python -m grader.i18n skeleton``).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

KINDS = ("md", "code", "mistake", "judge", "template", "ui", "page")
MARKER = re.compile(r"^<!-- unit (?P<kind>[a-z]+) (?P<hash>[0-9a-f]{12})(?P<template> template)?[ \t]*$")
CLOSE = "-->"


def english_hash(text: str) -> str:
    """The hash a unit records of the English it translates."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


@dataclass(frozen=True)
class Unit:
    """One translated piece: its kind, the English it translates (and its hash), the translation."""

    kind: str
    english: str
    translation: str
    template: bool = False
    line: int = 0  # where its marker is in its file (for messages)

    @property
    def hash(self) -> str:
        return english_hash(self.english)

    @property
    def translated(self) -> bool:
        return bool(self.translation.strip())


class UnitFileError(ValueError):
    """A file of units is not in the format (the message names the file and the line)."""


def read_units(path: Path) -> list[Unit]:
    """The units of the file at ``path`` (none when it does not exist)."""
    path = Path(path)
    if not path.exists():
        return []
    return parse_units(path.read_text(encoding="utf-8"), str(path))


def parse_units(text: str, where: str = "<units>") -> list[Unit]:
    """The units of a file's ``text`` (see the module doc); ``where`` names it in errors."""
    lines = text.splitlines()
    units: list[Unit] = []
    seen: dict[str, int] = {}
    at = 0
    while at < len(lines) and not lines[at].startswith("<!-- unit "):
        at += 1
    while at < len(lines):
        start = at
        marker = MARKER.match(lines[at])
        if not marker:
            raise UnitFileError(f"{where}:{at + 1}: a unit marker is '<!-- unit KIND HASH', got {lines[at]!r}")
        if marker["kind"] not in KINDS:
            raise UnitFileError(f"{where}:{at + 1}: unknown kind {marker['kind']!r} (one of {', '.join(KINDS)})")
        at += 1
        english = []
        while at < len(lines) and lines[at] != CLOSE:
            english.append(lines[at])
            at += 1
        if at == len(lines):
            raise UnitFileError(f"{where}:{start + 1}: the English of this unit has no closing '-->' line")
        at += 1
        translation = []
        while at < len(lines) and not lines[at].startswith("<!-- unit "):
            translation.append(lines[at])
            at += 1
        unit = Unit(marker["kind"], "\n".join(english), "\n".join(translation).strip("\n"),
                    bool(marker["template"]), start + 1)
        if unit.hash != marker["hash"]:
            raise UnitFileError(f"{where}:{start + 1}: the marker says {marker['hash']}, but its English hashes to "
                                f"{unit.hash} (edit the English only by copying it from the source)")
        if unit.hash in seen:
            raise UnitFileError(f"{where}:{start + 1}: the same English as the unit on line {seen[unit.hash]}")
        seen[unit.hash] = start + 1
        units.append(unit)
    return units


def format_units(units: list[Unit], header: str = "") -> str:
    """The text of a file holding ``units`` (the inverse of ``parse_units``)."""
    parts = [header.rstrip("\n") + "\n"] if header else []
    for unit in units:
        if CLOSE in unit.english.splitlines():
            raise UnitFileError(f"the English of a unit cannot hold a line '-->': {unit.english[:60]!r}")
        flag = " template" if unit.template else ""
        parts.append(f"<!-- unit {unit.kind} {unit.hash}{flag}\n{unit.english}\n{CLOSE}\n"
                     + (unit.translation.strip("\n") + "\n" if unit.translation.strip() else ""))
    return "\n".join(parts)
