"""A build's folders and files, as the builder writes them and the grader and the sandbox read them
(the layout drawn in ``grader.course.kernel_library``'s doc), and how a kernel is pointed at it:
its read-only binds and its ``PYTHONPATH``."""

from __future__ import annotations

import json
import os
from pathlib import Path

PACKAGE = "autograd_lib"


LIB, RELEASES, MANIFEST, WHILE_JUDGED_FILE = "lib", "releases.json", "withheld.json", "while_judged.json"


WITHOUT_DIR, WITHOUT_FILE = "without", "without.json"


STUB_MODULE = "_withheld"


def installed_package() -> Path:
    """The folder of the installed autograd_lib (the one the grader imports)."""
    import autograd_lib

    return Path(autograd_lib.__file__).resolve().parent


def module_file(root: Path, module: str) -> Path:
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
