"""Packages a chapter's kernel goes without (``withholding.WITHOUT``): the stub of each of their
top-level modules, whose import raises ``ModuleNotFoundError`` with the chapter and the reason,
and the same refusal in a process that runs a notebook beside the judge (``refuse_in_notebook``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from grader.course.kernel_library.layout import WITHOUT_DIR, WITHOUT_FILE, read_without
from grader.course.kernel_library.withholding import WITHOUT


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


def write_without(chapter_id: str, target: Path) -> None:
    """``without.json`` and the stub packages of what the chapter's kernel goes without."""
    packages = write_stubs(chapter_id, target / WITHOUT_DIR)
    (target / WITHOUT_FILE).write_text(json.dumps({"chapter": chapter_id, "packages": packages}, indent=1,
                                                  sort_keys=True) + "\n")




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
