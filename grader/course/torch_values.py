"""Values recorded with torch for a chapter whose kernel has no torch.

A chapter folder may hold ``torch_values.py`` (``RECORDER``): given torch, its ``record()``
returns every value the chapter compares with, each case named. The build runs it and writes the
result to ``autograd_lib/data/torch_values/<chapter>.json``, which the chapter's cells read with
``autograd_lib.data.torch_values(chapter)``: the file is part of the package, so every kernel that
has autograd_lib has it (grading's per-chapter builds copy the whole package).

A record is rewritten only when a value moved by more than ``RTOL`` (or a case came or went), so
that building twice, or on another CPU whose last bits differ, gives the same bytes.
``stale(chapter)`` says what differs between the committed record and a fresh one.

A chapter with a recorder is one whose kernel has no torch (``kernel_library.WITHOUT``): the
build executes its solutions with that kernel's stubs, so a cell that still uses torch fails it.
"""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

from grader.course.model import RECORDER, Chapter
from grader.paths import REPO_ROOT

#: Where the package keeps the records, relative to an output root (the repository's by default).
RECORDS = Path("autograd_lib") / "data" / "torch_values"
#: How far a recomputed value may move before the record counts as stale.
RTOL, ATOL = 1e-12, 1e-15  # ATOL: a value near 0 whose last bits are round-off


def recorder_path(chapter: Chapter) -> Path | None:
    """The chapter's recorder, if it has one."""
    path = Path(chapter.folder) / RECORDER
    return path if path.is_file() else None


def record_path(chapter_id: str, out_root: Path = REPO_ROOT) -> Path:
    return Path(out_root) / RECORDS / f"{chapter_id}.json"


def compute(chapter: Chapter) -> dict:
    """Run the chapter's recorder (it imports torch) and return its record, as JSON reads it back."""
    path = recorder_path(chapter)
    if path is None:
        raise FileNotFoundError(f"{chapter.chapter_id} has no {RECORDER}")
    name = f"_torch_values_{chapter.chapter_id}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        return json.loads(json.dumps(module.record()))  # as the file holds it: tuples become lists
    finally:
        sys.modules.pop(name, None)


def differences(fresh, recorded, where: str = "") -> list[str]:
    """Where ``recorded`` differs from ``fresh`` (numbers within ``RTOL``), one line per place."""
    if isinstance(fresh, dict) and isinstance(recorded, dict):
        found = [f"{where}/{key}: missing from the record" for key in fresh if key not in recorded]
        found += [f"{where}/{key}: in the record, not computed any more" for key in recorded if key not in fresh]
        for key in fresh:
            if key in recorded:
                found += differences(fresh[key], recorded[key], f"{where}/{key}")
        return found
    if isinstance(fresh, list) and isinstance(recorded, list):
        if len(fresh) != len(recorded):
            return [f"{where}: {len(recorded)} entries recorded, {len(fresh)} computed"]
        pairs = enumerate(zip(fresh, recorded, strict=True))
        return [line for k, (a, b) in pairs for line in differences(a, b, f"{where}[{k}]")]
    numbers = (int, float)
    if isinstance(fresh, numbers) and isinstance(recorded, numbers) \
            and not isinstance(fresh, bool) and not isinstance(recorded, bool):
        if math.isclose(fresh, recorded, rel_tol=RTOL, abs_tol=ATOL) or fresh == recorded:
            return []
        return [f"{where}: recorded {recorded!r}, torch computes {fresh!r}"]
    return [] if fresh == recorded else [f"{where}: recorded {recorded!r}, computed {fresh!r}"]


def read(chapter_id: str, out_root: Path = REPO_ROOT) -> dict | None:
    path = record_path(chapter_id, out_root)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def stale(chapter: Chapter, out_root: Path = REPO_ROOT) -> list[str]:
    """What differs between the chapter's committed record and a fresh one (empty: up to date)."""
    recorded = read(chapter.chapter_id, out_root)
    if recorded is None:
        return [f"{record_path(chapter.chapter_id, out_root)} does not exist"]
    return differences(compute(chapter), recorded)


def write(chapter: Chapter, out_root: Path = REPO_ROOT) -> bool:
    """Record the chapter's values under ``out_root``, unless the record there already holds them
    (within ``RTOL``); return whether the file was written."""
    fresh = compute(chapter)
    recorded = read(chapter.chapter_id, out_root)
    if recorded is not None and not differences(fresh, recorded):
        return False
    path = record_path(chapter.chapter_id, out_root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(fresh), encoding="utf-8")
    return True


def dumps(record: dict) -> str:
    """The record as JSON, a line per case (a group's cases, or a group that is one value)."""
    lines = []
    for name, group in record.items():
        if isinstance(group, dict):
            cases = [f"  {json.dumps(label)}: {json.dumps(case)}" for label, case in group.items()]
            lines.append(f" {json.dumps(name)}: {{\n" + ",\n".join(cases) + "\n }")
        else:
            lines.append(f" {json.dumps(name)}: {json.dumps(group)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
