"""assignments/ and solutions/ are what `make build` makes from course/, and a build repeats itself:
every byte, pictures included (``make build`` executes with two BLAS threads, this test with one)."""

import json
from pathlib import Path

import pytest

from grader.course import torch_values
from grader.course.build import build
from grader.course.run_notebook import ONE_THREAD

from .chapters import CHAPTER_IDS, CHAPTERS

pytestmark = pytest.mark.slow

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
    """A full build with one BLAS and torch thread: ``make build`` uses two, so a printed number or
    a drawn pixel that depends on the thread count fails here."""
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
        assert fresh.read_bytes() == committed.read_bytes(), (
            f"solutions/{name} differs from a fresh one-thread build (pictures included): run `make build`"
        )


@pytest.mark.xdist_group("build")
def test_committed_torch_values_are_up_to_date(fresh_build):
    """The build records with torch the values of a chapter whose kernel has none (chapter 9)."""
    recorded = [c for c in CHAPTERS if torch_values.recorder_path(c) is not None]
    assert recorded, "no chapter records values with torch"
    for chapter in recorded:
        fresh = torch_values.read(chapter.chapter_id, fresh_build)
        assert fresh is not None, f"the build wrote no values recorded with torch for {chapter.chapter_id}"
        found = torch_values.differences(fresh, torch_values.read(chapter.chapter_id))
        assert not found, f"{torch_values.record_path(chapter.chapter_id)} is stale: run `make build`\n" + "\n".join(
            found[:10])


@pytest.mark.xdist_group("build")
def test_every_chapter_is_built(assignments_dir, solutions_dir):
    for chapter_id in CHAPTER_IDS:
        assert (assignments_dir / chapter_id / f"{chapter_id}.ipynb").exists()
        assert (solutions_dir / chapter_id / f"{chapter_id}.ipynb").exists()


@pytest.mark.exhaustive  # make test compares a fresh build with the committed files
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


def test_outputs_name_no_path_of_this_machine(solutions_dir):
    """A warning that prints a file path makes the build depend on where the checkout lies."""
    here = str(Path(__file__).resolve().parents[2])
    for chapter in CHAPTER_IDS:
        text = (solutions_dir / chapter / f"{chapter}.ipynb").read_text()
        for marker in (here, "site-packages", "/tmp/ipykernel_"):
            assert marker not in text, f"solutions/{chapter} shows a path of this machine ({marker!r}) in an output"
