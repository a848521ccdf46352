"""The chapter's kernel library: autograd_lib without the answers the chapter grades.

``autograd_lib`` is the course's reference solution, so a kernel that imports all of it holds the
answers of the very exercises it is graded on: whatever the notebook does, it could hand the judge
values the library computed. So each chapter is graded against a *build* of the library that
holds what earlier chapters built and this chapter's scaffolding, and none of the answers of this
chapter or of a later one (``references.answer_functions``: the functions with a solution region,
and every copy of them the headers name).

The build is a source transformation. Every module keeps its path, its names and its line
numbers; in each withheld function the body after the docstring becomes one statement that raises
``autograd_lib._withheld.Withheld`` (a ``NotImplementedError`` that names the exercise and the
chapter that writes the function), and blank lines, so a traceback through any other code reads
exactly as with the installed library. A function that the chapter needs before its own exercise
is graded (the ops every chapter-2 cell runs on, the engine behind ``Tensor.backward``) is kept,
and listed in ``KEPT`` with why; SECURITY.md lists them with what covers them.

The answers of this chapter come back one exercise at a time, from the trusted side, once that
exercise's last test cell has been judged (``grader.judge.releases``), so the rest of the
chapter runs on the library's code as the course says ("from here on the notebook uses the
library's ``topological_order``"). ``releases.json`` holds what is sent: for each exercise and
module, a *skeleton* of the module (its withheld functions at their own lines, in their classes,
everything else blank) that the kernel's agent compiles under the module's path.

A build is a folder::

    lib/autograd_lib/...   the package the kernel imports (the only part the kernel sees)
    without/torch/...      for a chapter whose kernel goes without a package (``WITHOUT``): a stub
                           of each of its top-level modules, which raises ``ModuleNotFoundError``
    releases.json          exercise -> skeletons (the trusted side sends them)
    withheld.json          every withheld function: its reference, chapter and exercise
    without.json           the packages the kernel goes without, why, and their modules

Builds are made once per course version, with the run's template (``grader.pipeline.template_course``).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from grader.course.model import Chapter, cell_kind, read_chapter
from grader.course.references import AnswerFunction, answer_functions

PACKAGE = "autograd_lib"
LIB, RELEASES, MANIFEST, WHILE_JUDGED_FILE = "lib", "releases.json", "withheld.json", "while_judged.json"
WITHOUT_DIR, WITHOUT_FILE = "without", "without.json"
STUB_MODULE = "_withheld"

#: Functions a chapter's kernel keeps although they are answers of the chapter or of a later one,
#: because the chapter runs on them before (or without) their exercise: chapter -> {function: why}.
KEPT: dict[str, dict[str, str]] = {}

_FOUNDATIONS = ("autograd_lib.function.Function.apply", "autograd_lib.function.FunctionCtx.save_for_backward",
                "autograd_lib.function.FunctionCtx.saved_tensors", "autograd_lib.function.FunctionCtx.release",
                "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast")
_ENGINE = ("autograd_lib.engine.topological_order", "autograd_lib.engine._seed", "autograd_lib.engine._send",
           "autograd_lib.engine.backward", "autograd_lib.engine.grad")
_SUM_BACKWARD = ("autograd_lib.ops.reduction.Sum.backward", "autograd_lib.ops.reduction._kept_shape")


def _keep(chapter_id: str, why: str, *functions: str) -> None:
    KEPT.setdefault(chapter_id, {}).update(dict.fromkeys(functions, why))


_keep("01_computational_graphs",
      "the chapter builds and draws its graph with autograd_lib (chapter 2's operators and ops, "
      "values only); the derivatives, the ops' backward and the engine, stay withheld until graded",
      "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
      "autograd_lib.tensor.Tensor.__neg__", "autograd_lib.ops.arithmetic.Mul.forward",
      "autograd_lib.ops.arithmetic.Div.forward", "autograd_lib.ops.unary.Exp.forward", *_FOUNDATIONS)
_keep("02_function_and_ctx",
      "every cell of the chapter runs on autograd_lib's Function.apply, FunctionCtx, operators and ops "
      "(the Context test runs the library's Mul on the student's Context; the apply test runs Mul, Div "
      "and Exp; a second derivative through the student's Div runs the library's Div)",
      "autograd_lib.function.Function.apply", "autograd_lib.function.FunctionCtx.save_for_backward",
      "autograd_lib.ops.arithmetic.Mul.forward", "autograd_lib.ops.arithmetic.Mul.backward",
      "autograd_lib.ops.arithmetic.Div.forward", "autograd_lib.ops.arithmetic.Div.backward",
      "autograd_lib.ops.unary.Exp.forward",
      "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
      "autograd_lib.tensor.Tensor.__sub__", "autograd_lib.tensor.Tensor.__neg__")
_keep("02_function_and_ctx",
      "the tests run the chapter's Functions through the engine (chapter 3), which reads saved tensors "
      "(chapter 6) and sums broadcast gradients (chapter 4): none of it computes a Function's values "
      "or its backward", *_ENGINE, "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast",
      *_SUM_BACKWARD)
_keep("03_backward_engine",
      "the ops the engine runs read their saved tensors (chapter 6) and sum broadcast gradients "
      "(chapter 4): none of it orders a graph, seeds it or sends gradients",
      "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast", *_SUM_BACKWARD)
_keep("04_shapes",
      "every op's backward runs unbroadcast, and the hidden tests of exercise 1 differentiate through "
      "the student's answer (Sum's backward): both run before their own exercises are graded",
      "autograd_lib.ops.broadcast.unbroadcast", *_SUM_BACKWARD)
_keep("04_shapes",
      "the hidden tests of exercises 3 and 4 differentiate a second time through the student's backward, "
      "whose transposes, permutations and products run the library's Transpose, Permute and MatMul "
      "backward while their exercises are judged (a gradient that requires grad; create_graph)",
      "autograd_lib.ops.shape.Transpose.backward", "autograd_lib.ops.shape.Permute.backward",
      "autograd_lib.ops.linalg.MatMul.backward")
_keep("04_shapes", "ctx.saved_tensors (chapter 6) is how every op reads what it saved",
      "autograd_lib.function.unpack_saved")
_keep("05_gradcheck", "ctx.saved_tensors (chapter 6) is how every op reads what it saved",
      "autograd_lib.function.unpack_saved")
_LAYOUT = ("autograd_lib.viz.layout.assign_layers", "autograd_lib.viz.layout.layered_layout")
for _chapter in ("01_computational_graphs", "02_function_and_ctx", "03_backward_engine"):
    _keep(_chapter, "draw_graph lays out every graph these chapters draw with them (Kahn's algorithm in "
          "layers: a copy of chapter 3's topological_order)", *_LAYOUT)
_VIEWS = ("autograd_lib.views.share_base", "autograd_lib.ops.shape.copy_slices_backward", "autograd_lib.views.rebase")
for _chapter in ("01_computational_graphs", "02_function_and_ctx", "03_backward_engine", "04_shapes", "05_gradcheck"):
    _keep(_chapter, "every view op (indexing, reshape, transpose, expand: the ops' backward reshape too) runs "
          "share_base, and every in-place change through a view runs rebase, then copy_slices_backward in "
          "backward (chapter 6)", *_VIEWS)
_keep("06_inplace_and_hooks",
      "every view op runs share_base, every in-place change through a view rebase and, in backward, "
      "copy_slices_backward: the chapter's cells and exercises 1 to 5 (predict_views runs a view program) "
      "use them before exercises 6 to 8 are graded; each is switched off while its own exercise is "
      "judged (WHILE_JUDGED)", *_VIEWS)
_keep("06_inplace_and_hooks",
      "ctx.saved_tensors is unpack_saved, every in-place method runs check_inplace, and the chapter's "
      "cells and the hidden tests of exercise 1 change tensors with mul_ before exercises 2 and 3 are "
      "graded", "autograd_lib.function.unpack_saved", "autograd_lib.ops.inplace.check_inplace",
      "autograd_lib.ops.inplace.MulInplace.forward")


#: Kept functions of a chapter's own exercises that are switched off while the hidden tests of
#: their exercise are judged (chapter -> functions): the chapter runs on them before their
#: exercise, so they stay in its kernel, but while the student's answer is judged the library's
#: copy raises as a withheld one does, so an answer that hands its work to the library (under
#: any name, or through code that calls it, such as ``as_view`` for ``share_base``) earns
#: nothing. Their hidden tests must not run them on the judge's behalf.
WHILE_JUDGED: dict[str, set[str]] = {
    "02_function_and_ctx": {"autograd_lib.function.Function.apply", "autograd_lib.ops.arithmetic.Mul.forward",
                            "autograd_lib.ops.arithmetic.Mul.backward", "autograd_lib.ops.arithmetic.Div.forward",
                            "autograd_lib.ops.arithmetic.Div.backward", "autograd_lib.ops.unary.Exp.forward",
                            "autograd_lib.function.FunctionCtx.save_for_backward",
                            "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
                            "autograd_lib.tensor.Tensor.__sub__", "autograd_lib.tensor.Tensor.__neg__"},
    # copies of topological_order that only draw_graph runs: no hidden test of chapter 3 draws
    "03_backward_engine": {"autograd_lib.viz.layout.assign_layers", "autograd_lib.viz.layout.layered_layout"},
    "04_shapes": {"autograd_lib.ops.broadcast.unbroadcast", "autograd_lib.ops.reduction.Sum.backward",
                  "autograd_lib.ops.reduction._kept_shape", "autograd_lib.ops.shape.Transpose.backward",
                  "autograd_lib.ops.shape.Permute.backward", "autograd_lib.ops.linalg.MatMul.backward"},
    "06_inplace_and_hooks": {"autograd_lib.views.share_base", "autograd_lib.ops.shape.copy_slices_backward",
                             "autograd_lib.views.rebase", "autograd_lib.function.unpack_saved",
                             "autograd_lib.ops.inplace.check_inplace", "autograd_lib.ops.inplace.MulInplace.forward"},
}

#: Functions of ``WHILE_JUDGED`` that do not just raise while their exercise is judged, but run the
#: student's own answer in their place (chapter -> {function: the notebook's name for the answer}):
#: their exercise's hidden tests run them on the judge's behalf (chapter 2's tests build graphs with
#: ``a * b``, and differentiate twice through the library's ``Mul``), so they must work, and they
#: work with the student's code. An answer that hands its work to the library's copy (a subclass
#: of the library's ``Mul``, the library's ``apply`` reached through a node's ``_forward_cls``)
#: then comes back to itself and earns nothing.
STAND_IN: dict[str, dict[str, str]] = {
    "02_function_and_ctx": {"autograd_lib.function.Function.apply": "apply",
                            "autograd_lib.ops.arithmetic.Mul.forward": "Mul.forward",
                            "autograd_lib.ops.arithmetic.Mul.backward": "Mul.backward",
                            "autograd_lib.ops.arithmetic.Div.forward": "Div.forward",
                            "autograd_lib.ops.arithmetic.Div.backward": "Div.backward",
                            "autograd_lib.ops.unary.Exp.forward": "Exp.forward",
                            "autograd_lib.function.FunctionCtx.save_for_backward": "Context.save_for_backward",
                            "autograd_lib.tensor.Tensor.__mul__": "Tensor.__mul__",
                            "autograd_lib.tensor.Tensor.__truediv__": "Tensor.__truediv__",
                            "autograd_lib.tensor.Tensor.__sub__": "Tensor.__sub__",
                            "autograd_lib.tensor.Tensor.__neg__": "Tensor.__neg__"},
    # every op's backward runs unbroadcast, and the hidden tests differentiate a second time through
    # the student's backward (its sums, transposes and products run the library's backward): the
    # engine, asked for a gradient while an exercise is judged, runs the student's own rule.
    # Permute.backward is a copy (permute by the inverse): it runs the student's Transpose.backward
    # once per pair of axes it swaps (``adapted``), so an honest gradient that permutes keeps working.
    "04_shapes": {"autograd_lib.ops.broadcast.unbroadcast": "unbroadcast",
                  "autograd_lib.ops.reduction.Sum.backward": "Sum.backward",
                  "autograd_lib.ops.reduction._kept_shape": "_kept_shape",
                  "autograd_lib.ops.shape.Transpose.backward": "Transpose.backward",
                  "autograd_lib.ops.shape.Permute.backward": "permute_by_transposes(Transpose.backward)",
                  "autograd_lib.ops.linalg.MatMul.backward": "MatMul.backward"},
    # every op reads its saved tensors with unpack_saved, every in-place method runs check_inplace,
    # and the chapter's cells and exercise 1's hidden tests use mul_ before their exercises
    "06_inplace_and_hooks": {"autograd_lib.function.unpack_saved": "unpack_saved",
                             "autograd_lib.ops.inplace.check_inplace": "check_inplace",
                             "autograd_lib.ops.inplace.MulInplace.forward": "MulInplace.forward"},
}


#: Packages a chapter's kernel goes without (chapter -> {distribution: why}): a package that computes
#: the chapter's answers where no hidden test can tell its values from the student's (chapter 9's
#: ``CrossEntropy`` gives only values; torch's ``cross_entropy`` gives the same ones). Every kernel
#: that runs the chapter's notebook for the course (graded, cold or warm, sandboxed or not, so
#: ``grader check`` too) finds in its place a stub of each of the distribution's top-level modules
#: (torch's: ``torch``, ``functorch``, ``torchgen``) whose import raises ``ModuleNotFoundError``
#: with the chapter and the reason; sandboxed, the stubs are mounted over the distribution's
#: folders, so none of its files (code or shared libraries) is there to load by path. The
#: rehearsals, which run the judge in the notebook's process, refuse the notebook's imports of them
#: (``refuse_in_notebook``). The chapter's own cells must then compare with recorded values.
WITHOUT: dict[str, dict[str, str]] = {
    "09_training": {
        "torch": "torch computes this chapter's answers (log_softmax, cross_entropy, the optimisers); its "
                 "comparisons use values recorded with torch (autograd_lib.data.torch_values)",
    },
}


@dataclass(frozen=True)
class Withheld:
    """A function left out of a chapter's kernel: where it is and whose answer it is."""

    function: AnswerFunction
    chapter_id: str

    def as_dict(self) -> dict:
        return {"function": self.function.dotted, "reference": self.function.reference,
                "exercise": self.function.exercise, "chapter": self.chapter_id}


def course_answers(chapters: list[Chapter]) -> list[Withheld]:
    """Every answer function of every chapter, in syllabus order."""
    found = []
    for chapter in chapters:
        for cell in read_chapter(chapter).cells:
            if cell_kind(cell) == "answer":
                found += [Withheld(f, chapter.chapter_id) for f in answer_functions(cell)]
    return found


def withheld_from(chapter_id: str, answers: list[Withheld]) -> list[Withheld]:
    """The answers a chapter's kernel goes without: its own and every later chapter's, less ``KEPT``,
    one entry per function. A function that answers several exercises of the chapter (``hvp`` is
    its own exercise and a copy of ``second_derivative``) belongs to the last of them: it comes
    back only once all of them are graded."""
    kept = KEPT.get(chapter_id, {})
    chosen: dict[str, Withheld] = {}
    for answer in answers:
        if answer.chapter_id < chapter_id or answer.function.dotted in kept:
            continue
        known = chosen.get(answer.function.dotted)
        if known is None or known.chapter_id != chapter_id or answer.chapter_id == chapter_id:
            chosen.pop(answer.function.dotted, None)  # the later entry of this chapter wins
            chosen[answer.function.dotted] = answer
    return list(chosen.values())


def installed_package() -> Path:
    """The folder of the installed autograd_lib (the one the grader imports)."""
    import autograd_lib

    return Path(autograd_lib.__file__).resolve().parent


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
        path = _module_file(package, module)
        original = path.read_text(encoding="utf-8")
        path.write_text(stub_source(original, {i.function.qualname for i in items}, module), encoding="utf-8")
    judged = [a for a in answers if a.chapter_id == chapter_id
              and a.function.dotted in WHILE_JUDGED.get(chapter_id, set())]
    (package / f"{STUB_MODULE}.py").write_text(_stub_module(chapter_id, withheld, judged, WITHOUT.get(chapter_id, {})),
                                               encoding="utf-8")
    releases: dict[str, list[dict]] = {}
    for exercise, items in _by_exercise(i for i in withheld if i.chapter_id == chapter_id).items():
        modules: dict[str, list[Withheld]] = defaultdict(list)
        for item in items:
            modules[item.function.module].append(item)
        releases[exercise] = [
            {"module": module, "qualnames": sorted(i.function.qualname for i in listed),
             "skeleton": skeleton(_module_file(source, module).read_text(encoding="utf-8"),
                                  {i.function.qualname for i in listed})}
            for module, listed in sorted(modules.items())]
    (target / RELEASES).write_text(json.dumps(releases, indent=1, sort_keys=True) + "\n")
    (target / WHILE_JUDGED_FILE).write_text(json.dumps(_while_judged(chapter_id, answers, source), indent=1,
                                                       sort_keys=True) + "\n")
    (target / MANIFEST).write_text(json.dumps([w.as_dict() for w in withheld], indent=1) + "\n")
    _write_without(chapter_id, target)
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
            original = _module_file(source, module).read_text(encoding="utf-8")
            stubbed = stub_source(original, qualnames - set(stand_ins), module)
            stubbed = stand_in_source(stubbed, set(stand_ins), module) if stand_ins else stubbed
            entry = {"module": module, "qualnames": sorted(qualnames), "skeleton": skeleton(stubbed, qualnames)}
            if stand_ins:
                entry["stand_in"] = dict(sorted(stand_ins.items()))
            found.setdefault(exercise, []).append(entry)
    return found


def chapter_name(chapter_id: str) -> str:
    """"chapter 9" for ``09_training``."""
    number = chapter_id.split("_", 1)[0]
    return f"chapter {int(number)}" if number.isdigit() else f"chapter {chapter_id}"


def without_message(chapter_id: str, distribution: str, module: str, why: str) -> str:
    """What ``import module`` says in the kernel of a chapter that goes without ``distribution``."""
    part = "" if module == distribution else f" ({module} is part of it)"
    return f"{chapter_name(chapter_id)}'s kernel has no {distribution}{part}: {why}"


def distribution_modules(distribution: str) -> list[str]:
    """The top-level modules an installed distribution puts into its site-packages folder (from
    its RECORD: torch's are ``functorch``, ``torch`` and ``torchgen``); the distribution's name
    alone when it is not installed."""
    from importlib import metadata

    try:
        files = metadata.distribution(distribution).files or []
    except metadata.PackageNotFoundError:
        return [distribution]
    found = set()
    for file in files:
        parts = Path(file).parts
        if not parts or parts[0] in ("..", "__pycache__") or parts[0].endswith((".dist-info", ".egg-info", ".pth")):
            continue
        if len(parts) == 1 and not parts[0].endswith(".py"):
            raise ValueError(f"{distribution}: {parts[0]} is a top-level file that no stub package can stand for")
        found.add(parts[0].removesuffix(".py") if len(parts) == 1 else parts[0])
    return sorted(found) or [distribution]


def write_stubs(chapter_id: str, folder: Path) -> dict[str, dict]:
    """A stub package under ``folder`` for each module of each distribution ``chapter_id``'s kernel
    goes without (``WITHOUT``; a translated edition's chapter by its English id): importing it
    raises ``ModuleNotFoundError`` with the chapter and the reason. Returns distribution ->
    {"why", "modules", "messages"} (module -> what its import says)."""
    packages = {}
    for distribution, why in sorted(WITHOUT.get(chapter_id, {}).items()):
        if not why.strip():
            raise ValueError(f"{chapter_id}: its kernel goes without {distribution}, and WITHOUT gives no reason")
        modules = distribution_modules(distribution)
        messages = {module: without_message(chapter_id, distribution, module, why) for module in modules}
        for module, message in messages.items():
            stub = Path(folder) / module
            stub.mkdir(parents=True, exist_ok=True)
            (stub / "__init__.py").write_text(
                f'"""Not {module}: {chapter_name(chapter_id)}\'s kernel goes without {distribution} '
                f'(grader.course.kernel_library.WITHOUT)."""\n\n'
                f"raise ModuleNotFoundError({message!r}, name={module!r})\n", encoding="utf-8")
        packages[distribution] = {"why": why, "modules": modules, "messages": messages}
    return packages


def stubs_first(chapter_id: str, folder: Path, env: dict[str, str]) -> dict[str, str]:
    """``env`` with the stubs of what ``chapter_id``'s kernel goes without (written under
    ``folder``) first on ``PYTHONPATH``; ``env`` itself for a chapter that goes without nothing."""
    if not write_stubs(chapter_id, folder):
        return env
    paths = [str(folder)] + [p for p in (env.get("PYTHONPATH") or os.environ.get("PYTHONPATH", "")).split(os.pathsep)
                             if p]
    return {**env, "PYTHONPATH": os.pathsep.join(paths)}


def _write_without(chapter_id: str, target: Path) -> None:
    """``without.json`` and the stub packages of what the chapter's kernel goes without."""
    packages = write_stubs(chapter_id, target / WITHOUT_DIR)
    (target / WITHOUT_FILE).write_text(json.dumps({"chapter": chapter_id, "packages": packages}, indent=1,
                                                  sort_keys=True) + "\n")


def _by_exercise(items) -> dict[str, list[Withheld]]:
    grouped: dict[str, list[Withheld]] = {}
    for item in items:
        grouped.setdefault(item.function.exercise, []).append(item)
    return grouped


def _module_file(root: Path, module: str) -> Path:
    """The file of ``module`` under ``root`` (``root`` is the package folder itself)."""
    parts = module.split(".")
    if parts[0] != PACKAGE:
        raise ValueError(f"{module} is not part of {PACKAGE}")
    folder = Path(root).joinpath(*parts[1:])
    return folder / "__init__.py" if folder.is_dir() else folder.with_suffix(".py")


# -- reading a built folder ------------------------------------------------------------------

def library_path(folder: Path) -> Path:
    """The folder to put first on the kernel's import path (it holds ``autograd_lib``)."""
    return Path(folder) / LIB


def package_folder(folder: Path) -> Path:
    """The built ``autograd_lib`` package itself (what a sandbox mounts over the installed one)."""
    return Path(folder) / LIB / PACKAGE


def read_releases(folder: Path) -> dict[str, list[dict]]:
    """exercise -> what to send the kernel once that exercise has been judged."""
    return json.loads((Path(folder) / RELEASES).read_text())


def read_while_judged(folder: Path) -> dict[str, list[dict]]:
    """exercise -> what to send the kernel to switch that exercise's kept functions off while it is
    judged (empty for a build older than this file, or a chapter without such functions)."""
    path = Path(folder) / WHILE_JUDGED_FILE
    return json.loads(path.read_text()) if path.exists() else {}


def read_withheld(folder: Path) -> list[dict]:
    """Every function the build left out (``Withheld.as_dict``)."""
    return json.loads((Path(folder) / MANIFEST).read_text())


def read_without(folder: Path) -> dict[str, dict]:
    """distribution -> {"why", "modules", "messages"}: what the build's kernel goes without (empty for a
    chapter that goes without nothing, or a build older than ``without.json``)."""
    path = Path(folder) / WITHOUT_FILE
    return json.loads(path.read_text())["packages"] if path.exists() else {}


def without_path(folder: Path) -> Path:
    """The folder of the build's stub packages (first on a kernel's import path without a sandbox)."""
    return Path(folder) / WITHOUT_DIR


def without_binds(ro_binds: list[str], folder: Path) -> list[str]:
    """The read-only binds (``src:dest``) that mount each stub package of the build over its
    module's folder, wherever ``ro_binds`` make that folder visible (under every name a link
    gives it), so that the kernel finds neither the module nor any of its files."""
    from importlib import metadata

    found: dict[str, str] = {}
    for distribution, entry in sorted(read_without(folder).items()):
        try:
            located = metadata.distribution(distribution)
        except metadata.PackageNotFoundError:
            continue  # not installed here: nothing to cover
        for module in entry["modules"]:
            real = Path(located.locate_file(module))
            if not real.is_dir():
                real = real.with_suffix(".py")
            stub = without_path(folder) / module
            stub = stub if real.is_dir() else stub / "__init__.py"
            for bind in ro_binds:
                src, dest = bind.split(":", 1)
                for origin in {real, real.resolve()}:
                    for source in {Path(src), Path(src).resolve()}:
                        if origin.is_relative_to(source):
                            found.setdefault(str(Path(dest) / origin.relative_to(source)), str(stub))
    return [f"{stub}:{dest}" for dest, stub in sorted(found.items())]


def kernel_binds(ro_binds: list[str], folder: Path, installed: Path | None = None) -> list[str]:
    """A sandbox's read-only binds (``src:dest``) with the build mounted over the installed package
    (the kernel imports the build at the installed package's own path) and, for a chapter whose
    kernel goes without a package, its stubs over that package's folders (``without_binds``)."""
    installed = Path(installed or installed_package())
    built = package_folder(folder)
    kept = [b for b in ro_binds if b.split(":", 1)[1] != str(installed)]
    return kept + without_binds(kept, folder) + [f"{built}:{installed}"]


def kernel_pythonpath(env: dict, folder: Path, *, without: bool = True) -> dict:
    """A kernel environment with the build first on ``PYTHONPATH`` (for a kernel without a sandbox),
    and before it the stubs of the packages the chapter goes without (``without``: a process that
    runs the judge too, which needs them, refuses them by ``refuse_in_notebook`` instead)."""
    paths = [str(library_path(folder))] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if without and read_without(folder):
        paths.insert(0, str(without_path(folder)))
    return {**env, "PYTHONPATH": os.pathsep.join(paths)}


def refuse_in_notebook(folder: Path) -> dict[str, str]:
    """In a process that runs a notebook and the judge together (``rehearsal_process``, the
    diagnosis catalogue): make an ``import`` of a module the build's kernel goes without raise
    ``ModuleNotFoundError``, with the kernel's message, when the notebook's code asks for it (its
    namespace is ``__main__``'s; code with no module name, ``exec`` of a string, counts as the
    notebook's). The judge's hidden tests (``__hidden_tests__``) and the modules of the library
    and the environment import it as before. This runs only the course's own code: it holds the
    ``import`` statements and ``__import__``, not ``importlib`` or ``sys.modules``. Returns
    module -> message."""
    import builtins

    messages = {module: message for entry in read_without(folder).values()
                for module, message in entry["messages"].items()}
    if not messages or getattr(builtins.__import__, "refusing", None) == messages:
        return messages
    original = builtins.__import__

    def __import__(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002 (builtins' own names)
        top = name.partition(".")[0]
        if level == 0 and top in messages and (globals is None or globals.get("__name__", "__main__") == "__main__"):
            raise ModuleNotFoundError(messages[top], name=top)
        return original(name, globals, locals, fromlist, level)

    __import__.refusing = messages
    builtins.__import__ = __import__
    return messages


# -- the transformation ------------------------------------------------------------------------

def definitions(tree: ast.Module):
    """(qualname, node) of every function and class of a module outside function bodies."""
    def walk(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{node.name}"
                yield name, node
                if isinstance(node, ast.ClassDef):
                    yield from walk(node.body, f"{name}.")
    yield from walk(tree.body, "")


def _body_after_docstring(node: ast.FunctionDef) -> list[ast.stmt]:
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return body


def stub_source(source: str, qualnames: set[str], module: str) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by a raise (docstring,
    signature, decorators and every line number kept)."""
    return _replace_bodies(source, qualnames, module, "name the methods that hold the answer",
                           lambda name, node: f"from {PACKAGE}.{STUB_MODULE} import withheld; "
                                              f"raise withheld({module + '.' + name!r})")


def stand_in_source(source: str, qualnames: set[str], module: str) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by one call of the
    student's code that stands in for it (``_withheld.stand_in``), with the same arguments
    (docstring, signature, decorators, closure cells and every line number kept)."""
    return _replace_bodies(source, qualnames, module, "name the methods the student's code stands in for",
                           lambda name, node: f"from {PACKAGE}.{STUB_MODULE} import stand_in; "
                                              f"return stand_in({module + '.' + name!r}, "
                                              f"{_call_arguments(node.args)})")


def _replace_bodies(source: str, qualnames: set[str], module: str, for_a_class: str, statement) -> str:
    """``source`` with the body of each function in ``qualnames`` replaced by the one line
    ``statement(name, node)`` (after the original's closure cells, so the code can be put back),
    on the body's first line; docstring, signature, decorators and every line number kept."""
    tree = ast.parse(source)
    found = {name: node for name, node in definitions(tree) if name in qualnames}
    missing = qualnames - set(found)
    if missing:
        raise ValueError(f"{module} defines no {', '.join(sorted(missing))}")
    freevars = _free_variables(source, module)
    lines = source.splitlines(keepends=True)
    for name, node in sorted(found.items(), key=lambda item: -item[1].lineno):
        if not isinstance(node, ast.FunctionDef):
            raise ValueError(f"{module}.{name} is a class: {for_a_class}")
        body = _body_after_docstring(node)
        if not body:
            raise ValueError(f"{module}.{name} has no body to replace")
        first, last = body[0].lineno, node.end_lineno
        indent = lines[first - 1][:body[0].col_offset]
        if indent.strip():
            raise ValueError(f"{module}.{name}: its body must start on a line of its own")
        cells = freevars.get(name, ())
        keep = f"({', '.join(cells)},); " if cells else ""  # the same closure cells as the original
        lines[first - 1:last] = [f"{indent}{keep}{statement(name, node)}\n"] + ["\n"] * (last - first)
    result = "".join(lines)
    _check_same_shape(source, result, module, qualnames)
    return result


def _call_arguments(arguments: ast.arguments) -> str:
    """The arguments of a call that passes on what a function with ``arguments`` received."""
    passed = [a.arg for a in arguments.posonlyargs + arguments.args]
    if arguments.vararg:
        passed.append(f"*{arguments.vararg.arg}")
    passed += [f"{a.arg}={a.arg}" for a in arguments.kwonlyargs]
    if arguments.kwarg:
        passed.append(f"**{arguments.kwarg.arg}")
    return ", ".join(passed)


def _free_variables(source: str, module: str) -> dict[str, tuple[str, ...]]:
    """qualname -> the free variables of each function's code (``__class__`` for a method that
    uses ``super()``): a stub must have the same, or the real code cannot be put back into it."""
    return {code.co_qualname: code.co_freevars for code in _codes(compile(source, module, "exec"))}


def _codes(code):
    for const in code.co_consts:
        if hasattr(const, "co_qualname"):
            yield const
            yield from _codes(const)


def _check_same_shape(original: str, stubbed: str, module: str, withheld: set[str]) -> None:
    """The build changes nothing but the withheld bodies: every other function starts on the
    same line, and every withheld one keeps its free variables."""
    before = {c.co_qualname: (c.co_firstlineno, c.co_freevars) for c in _codes(compile(original, module, "exec"))}
    after = {c.co_qualname: (c.co_firstlineno, c.co_freevars) for c in _codes(compile(stubbed, module, "exec"))}
    for name, shape in before.items():
        inside = any(name == w or name.startswith(f"{w}.<locals>.") for w in withheld)
        if name in withheld:
            if after.get(name) != shape:
                raise AssertionError(f"{module}.{name}: the stub's line or closure differs from the original")
        elif not inside and after.get(name) != shape:
            raise AssertionError(f"{module}.{name} moved in the build")


def skeleton(source: str, qualnames: set[str]) -> str:
    """The part of a module the kernel compiles to get ``qualnames`` back: each function (with
    its decorators) at its own lines, inside a bare ``class`` line for each class around it, the
    ``__future__`` imports, and blank lines elsewhere. Compiled under the module's path, it gives
    code objects with the original's lines, closure cells and compiler flags."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    kept = ["\n"] * len(lines)
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            for n in range(node.lineno, node.end_lineno + 1):
                kept[n - 1] = lines[n - 1]
    nodes = dict(definitions(tree))
    for name in qualnames:
        node = nodes[name]
        start = min([d.lineno for d in node.decorator_list] + [node.lineno])
        for n in range(start, node.end_lineno + 1):
            kept[n - 1] = lines[n - 1]
        parts = name.split(".")
        for depth in range(1, len(parts)):
            owner = nodes[".".join(parts[:depth])]
            kept[owner.lineno - 1] = " " * owner.col_offset + f"class {owner.name}:\n"
    while kept and kept[-1] == "\n":
        kept.pop()
    return "".join(kept)


def _stub_module(chapter_id: str, withheld: list[Withheld], while_judged: list[Withheld] = (),
                 without: dict[str, str] | None = None) -> str:
    without_rows = "".join(f"    {name!r}: {why!r},\n" for name, why in sorted((without or {}).items()))
    table = {w.function.dotted: (w.chapter_id, w.function.exercise) for w in withheld}
    rows = "".join(f"    {name!r}: {where!r},\n" for name, where in sorted(table.items()))
    judged = {w.function.dotted: w.function.exercise for w in while_judged}
    judged_rows = "".join(f"    {name!r}: {exercise!r},\n" for name, exercise in sorted(judged.items()))
    return f'''"""What this grading kernel's library goes without: the answers of chapter {chapter_id} and later.

This module exists only in the build of autograd_lib that grades chapter {chapter_id}
(``grader.course.kernel_library``): each function below has lost its body to a ``raise``.
"""

GRADED = {chapter_id!r}
#: function -> (the chapter that writes it, the exercise it answers)
WITHHELD = {{
{rows}}}
#: function -> the exercise it answers: kept, but switched off while that exercise is judged
WHILE_JUDGED = {{
{judged_rows}}}
#: package -> why this kernel goes without it (its import raises ModuleNotFoundError)
WITHOUT = {{
{without_rows}}}


#: function -> the student's code that runs in its place while its exercise is judged, or the
#: reason there is none (set by the grading agent, ``kernel_agent.release.stand_down``)
STANDING_IN = {{}}
#: how deep a function the student's code stands in for may call itself before it is refused
STAND_IN_DEPTH = 16
_active = {{}}


class Withheld(NotImplementedError):
    """A library function that this grading kernel goes without: it is an answer being graded."""


def stand_in(function, /, *args, **kwargs):
    """Run the student's code in the place of the library's ``function`` (its exercise is being judged)."""
    code = STANDING_IN.get(function)
    if not callable(code):
        raise Withheld(f"{{function}} is switched off while the hidden tests of the exercise "
                       f"{{WHILE_JUDGED.get(function)!r}} run, and your code stands in for it: "
                       f"{{code or 'the notebook defines no answer for it'}}")
    depth = _active.get(function, 0)
    if depth >= STAND_IN_DEPTH:
        raise Withheld(f"{{function}} came back to itself {{depth}} calls deep: while the exercise "
                       f"{{WHILE_JUDGED.get(function)!r}} is judged, the library's copy runs your answer, "
                       "so an answer that hands its work to the library's copy calls itself; compute it with "
                       "your own code")
    _active[function] = depth + 1
    try:
        return code(*args, **kwargs)
    finally:
        _active[function] = depth


def withheld(function: str) -> Withheld:
    """The error a withheld function raises, naming the exercise it answers."""
    if function in WHILE_JUDGED:
        return Withheld(f"{{function}} is switched off while the hidden tests of the exercise "
                        f"{{WHILE_JUDGED[function]!r}} run: it is that exercise's answer, so the answer "
                        "being judged must not call it")
    chapter, exercise = WITHHELD[function]
    if chapter == GRADED:
        when = ("the grader puts it back once the tests of that exercise have run; until then, "
                "answer with your own code")
    else:
        when = f"chapter {{chapter}} writes it, so it is not part of the library while chapter {{GRADED}} is graded"
    return Withheld(f"{{function}} is withheld from this grading kernel: it is the answer to the "
                    f"exercise {{exercise!r}} of chapter {{chapter}}; {{when}}")
'''
