"""Write a chapter's build (``build``), every chapter's (``build_all``), or reuse them from the cache
(``cached_builds``, keyed by ``build_key``). Each build gets the withheld stub
(``withheld_stub.py``, as ``autograd_lib/_withheld.py``) and its tables (``_withheld.json``)."""

from __future__ import annotations

import json
import os
import shutil
from collections import defaultdict
from pathlib import Path

from grader.course.kernel_library.layout import (
    LIB,
    MANIFEST,
    PACKAGE,
    RELEASES,
    STUB_MODULE,
    WHILE_JUDGED_FILE,
    installed_package,
    module_file,
)
from grader.course.kernel_library.packages_without import write_without
from grader.course.kernel_library.transform import skeleton, stand_in_source, stub_source
from grader.course.kernel_library.withholding import (
    KEPT,
    STAND_IN,
    WHILE_JUDGED,
    WITHOUT,
    Withheld,
    course_answers,
    withheld_from,
)
from grader.course.model import Chapter


def build_all(chapters: list[Chapter], target: Path, only: list[str] | None = None) -> dict[str, Path]:
    """The kernel library of each chapter (of ``only``, when given) in ``target/<chapter id>``.
    ``chapters`` is the whole course: a build withholds the answers of every later chapter."""
    answers = course_answers(chapters)
    wanted = only if only is not None else [c.chapter_id for c in chapters]
    return {chapter_id: build(chapter_id, answers, Path(target) / chapter_id) for chapter_id in wanted}


def cached_builds(chapters: list[Chapter], cache: Path | None = None) -> dict[str, Path]:
    """Every chapter's kernel library, built once per version of the course, the library, this
    code and ``WITHOUT`` (``build_key``), under ``cache`` (default: the grader's cache folder);
    parallel callers share one build."""
    import hashlib
    import tempfile

    key = build_key(chapters)
    root = Path(cache or _cache_root()) / hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:24]
    if not (root / "done").exists():
        root.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".build-", dir=root.parent))
        build_all(chapters, scratch)
        (scratch / "done").write_text(json.dumps(key, sort_keys=True))
        try:
            os.rename(scratch, root)
        except OSError:  # another process finished first
            shutil.rmtree(scratch, ignore_errors=True)
    return {c.chapter_id: root / c.chapter_id for c in chapters}


def build_key(chapters: list[Chapter]) -> dict:
    """What the builds depend on: the chapters, the library (its recorded torch values too), this
    code, and the packages each chapter's kernel goes without (``WITHOUT``, with the installed
    version of each: its stubs follow the distribution's modules)."""
    from grader.files import tree_fingerprint
    from grader.imports import code_fingerprint

    key = {c.chapter_id: tree_fingerprint(c.folder) for c in chapters}
    key["autograd_lib"] = tree_fingerprint(installed_package(), "*.py")
    key["torch_values"] = tree_fingerprint(installed_package() / "data", "*.json")  # a build copies them
    key["grader"] = code_fingerprint((__name__,))  # this module and every grader module it imports
    key["without"] = {chapter: {name: [why, _version(name)] for name, why in sorted(packages.items())}
                      for chapter, packages in sorted(WITHOUT.items())}
    return key


def _version(distribution: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "autograd-course-grader" / "kernel-libraries"


def build(chapter_id: str, answers: list[Withheld], target: Path, *, source: Path | None = None) -> Path:
    """Write ``chapter_id``'s kernel library into ``target`` (made empty first); return ``target``.
    ``answers`` are the whole course's (``course_answers``)."""
    source = Path(source or installed_package())
    target = Path(target)
    if target.exists():
        shutil.rmtree(target)
    package = target / LIB / PACKAGE
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    withheld = withheld_from(chapter_id, answers)
    by_module: dict[str, list[Withheld]] = defaultdict(list)
    for item in withheld:
        by_module[item.function.module].append(item)
    for module, items in sorted(by_module.items()):
        path = module_file(package, module)
        original = path.read_text(encoding="utf-8")
        path.write_text(stub_source(original, {i.function.qualname for i in items}, module), encoding="utf-8")
    judged = [a for a in answers if a.chapter_id == chapter_id
              and a.function.dotted in WHILE_JUDGED.get(chapter_id, set())]
    shutil.copyfile(WITHHELD_STUB, package / f"{STUB_MODULE}.py")
    tables = stub_tables(chapter_id, withheld, judged, WITHOUT.get(chapter_id, {}))
    (package / f"{STUB_MODULE}.json").write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    releases: dict[str, list[dict]] = {}
    for exercise, items in _by_exercise(i for i in withheld if i.chapter_id == chapter_id).items():
        modules: dict[str, list[Withheld]] = defaultdict(list)
        for item in items:
            modules[item.function.module].append(item)
        releases[exercise] = [
            {"module": module, "qualnames": sorted(i.function.qualname for i in listed),
             "skeleton": skeleton(module_file(source, module).read_text(encoding="utf-8"),
                                  {i.function.qualname for i in listed})}
            for module, listed in sorted(modules.items())]
    (target / RELEASES).write_text(json.dumps(releases, indent=1, sort_keys=True) + "\n")
    (target / WHILE_JUDGED_FILE).write_text(json.dumps(_while_judged(chapter_id, answers, source), indent=1,
                                                       sort_keys=True) + "\n")
    (target / MANIFEST).write_text(json.dumps([w.as_dict() for w in withheld], indent=1) + "\n")
    write_without(chapter_id, target)
    return target


def _while_judged(chapter_id: str, answers: list[Withheld], source: Path) -> dict[str, list[dict]]:
    """exercise -> what the kernel compiles to switch its kept functions off while it is judged:
    a skeleton of each module holding their withheld bodies (``WHILE_JUDGED``)."""
    names = WHILE_JUDGED.get(chapter_id, set())
    chosen = {a.function.dotted: a for a in answers if a.chapter_id == chapter_id and a.function.dotted in names}
    missing = names - set(chosen)
    if missing:
        raise ValueError(f"{chapter_id}: WHILE_JUDGED names functions that are no answer of it: {sorted(missing)}")
    if not names <= set(KEPT.get(chapter_id, {})):
        raise ValueError(f"{chapter_id}: a function switched off while judged must be kept (KEPT)")
    standing_in = STAND_IN.get(chapter_id, {})
    if not set(standing_in) <= names:
        raise ValueError(f"{chapter_id}: a function the student's code stands in for must be in WHILE_JUDGED")
    found: dict[str, list[dict]] = {}
    for exercise, items in _by_exercise(chosen.values()).items():
        modules: dict[str, list[Withheld]] = defaultdict(list)
        for item in items:
            modules[item.function.module].append(item)
        for module, listed in sorted(modules.items()):
            qualnames = {i.function.qualname for i in listed}
            stand_ins = {i.function.qualname: standing_in[i.function.dotted] for i in listed
                         if i.function.dotted in standing_in}
            original = module_file(source, module).read_text(encoding="utf-8")
            stubbed = stub_source(original, qualnames - set(stand_ins), module)
            stubbed = stand_in_source(stubbed, set(stand_ins), module) if stand_ins else stubbed
            entry = {"module": module, "qualnames": sorted(qualnames), "skeleton": skeleton(stubbed, qualnames)}
            if stand_ins:
                entry["stand_in"] = dict(sorted(stand_ins.items()))
            found.setdefault(exercise, []).append(entry)
    return found


def _by_exercise(items) -> dict[str, list[Withheld]]:
    grouped: dict[str, list[Withheld]] = {}
    for item in items:
        grouped.setdefault(item.function.exercise, []).append(item)
    return grouped


#: The module every build holds as ``autograd_lib/_withheld.py``: a real file, copied as it is.
WITHHELD_STUB = Path(__file__).resolve().parent / "withheld_stub.py"


def stub_tables(chapter_id: str, withheld: list[Withheld], while_judged: list[Withheld] = (),
                without: dict[str, str] | None = None) -> dict:
    """The tables ``_withheld.py`` reads from ``_withheld.json`` beside it (see ``withheld_stub``)."""
    return {"graded": chapter_id,
            "withheld": {w.function.dotted: [w.chapter_id, w.function.exercise] for w in withheld},
            "while_judged": {w.function.dotted: w.function.exercise for w in while_judged},
            "without": dict(sorted((without or {}).items()))}
