"""make lab and make hub can release the Chinese edition: its built chapters go to the exchange
with nbgrader's own release, and the hub's instructor writes a Chinese chapter's source."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import nbformat
import pytest

from grader.i18n.editions import ZH
from grader.paths import REPO_ROOT


def _exchange_module():
    spec = importlib.util.spec_from_file_location("course_exchange", REPO_ROOT / "deploy" / "course_exchange.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.exhaustive  # two nbgrader releases (about a minute here); the English release is tested in make test
def test_make_lab_releases_the_chinese_edition(tmp_path):
    env = {**os.environ, "COURSE_LAB_STATE_DIR": str(tmp_path / "lab"),
           "PATH": f"{os.path.dirname(sys.executable)}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([sys.executable, str(REPO_ROOT / "deploy" / "local" / "lab.py"), "--release-only",
                           "--edition", "zh"], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    outbound = tmp_path / "lab" / "exchange" / "autograd-course" / "outbound"
    released = sorted(p.name for p in outbound.iterdir())
    assert released == sorted(p.name for p in ZH.assignments_dir.iterdir() if p.is_dir()), released
    name = released[0]
    built = ZH.assignments_dir / name / f"{name}.ipynb"
    assert (outbound / name / f"{name}.ipynb").read_bytes() == built.read_bytes()


def test_the_hub_writes_a_chinese_chapters_source(tmp_path):
    folder = _exchange_module().write_source(tmp_path, "zh_01_computational_graphs")
    nb = nbformat.read(folder / "zh_01_computational_graphs.ipynb", as_version=4)
    assert nb.metadata["course_edition"] == {"language": "zh", "english_id": "01_computational_graphs"}
    assert nb.cells[0].source.startswith("# 第 1 章")
