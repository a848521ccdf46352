"""assignments/ and solutions/ are what `make build` makes from course/, and a build repeats itself."""

import json
from pathlib import Path

import pytest

from grader.course.build import build
from grader.course.run_notebook import ONE_THREAD

from .chapters import CHAPTER_IDS

pytestmark = pytest.mark.slow

IMAGE_TYPES = ("image/png", "image/jpeg", "image/svg+xml")


def _without_image_bytes(path: Path) -> dict:
    """A notebook as JSON with image bytes blanked (fonts and renderers differ across machines)."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            for kind in IMAGE_TYPES:
                if kind in output.get("data", {}):
                    output["data"][kind] = "<image>"
    return nb


def _files(root: Path) -> list[str]:
    """Files under root, leaving out what Jupyter or Python leave behind (never committed)."""
    found = []
    for path in root.rglob("*"):
        parts = path.relative_to(root).parts
        if path.is_file() and not any(p in (".ipynb_checkpoints", "__pycache__") for p in parts):
            found.append(str(path.relative_to(root)))
    return sorted(found)


@pytest.fixture(scope="module")
def fresh_build(tmp_path_factory):
    """A full build with one BLAS and torch thread: ``make build`` on a developer's machine uses
    all its cores, so a printed number that depends on the thread count fails here, there."""
    out = tmp_path_factory.mktemp("build")
    build(out_root=out, kernel_env=ONE_THREAD, log=lambda *_: None)
    return out


@pytest.mark.xdist_group("build")
def test_committed_assignments_are_up_to_date(fresh_build, assignments_dir):
    assert _files(fresh_build / "assignments") == _files(assignments_dir), (
        "assignments/ has other files than a fresh build: run `make build`"
    )
    for name in _files(assignments_dir):
        fresh = (fresh_build / "assignments" / name).read_bytes()
        assert fresh == (assignments_dir / name).read_bytes(), f"assignments/{name} is stale: run `make build`"


@pytest.mark.xdist_group("build")
def test_committed_solutions_are_up_to_date(fresh_build, solutions_dir):
    assert _files(fresh_build / "solutions") == _files(solutions_dir), (
        "solutions/ has other files than a fresh build: run `make build`"
    )
    for name in _files(solutions_dir):
        fresh, committed = fresh_build / "solutions" / name, solutions_dir / name
        if name.endswith(".ipynb"):
            assert _without_image_bytes(fresh) == _without_image_bytes(committed), (
                f"solutions/{name} is stale: run `make build`"
            )
        else:
            assert fresh.read_bytes() == committed.read_bytes(), f"solutions/{name} is stale"


@pytest.mark.xdist_group("build")
def test_every_chapter_is_built(assignments_dir, solutions_dir):
    for chapter_id in CHAPTER_IDS:
        assert (assignments_dir / chapter_id / f"{chapter_id}.ipynb").exists()
        assert (solutions_dir / chapter_id / f"{chapter_id}.ipynb").exists()


@pytest.mark.exhaustive  # make test compares a fresh build with the committed files (images aside)
def test_two_builds_give_byte_identical_files(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    for out in (first, second):
        build(out_root=out, chapter_ids=[CHAPTER_IDS[0]], log=lambda *_: None)
    assert _files(first) == _files(second)
    for name in _files(first):
        assert (first / name).read_bytes() == (second / name).read_bytes(), f"{name} differs between builds"


def test_built_notebooks_carry_what_the_kernel_reports(assignments_dir, solutions_dir):
    """JupyterLab replaces ``language_info`` with the kernel's on opening: equal, nothing changes."""
    from ipykernel.ipkernel import IPythonKernel

    for folder in (assignments_dir, solutions_dir):
        for chapter in CHAPTER_IDS:
            nb = json.loads((folder / chapter / f"{chapter}.ipynb").read_text())
            assert nb["metadata"]["language_info"] == IPythonKernel.language_info, f"{folder.name}/{chapter}"
