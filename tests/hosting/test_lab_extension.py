"""The course's JupyterLab extension (deploy/lab-extension): the committed build is the source's,
and ``make install`` put it where JupyterLab finds it, enabled. Its behaviour is checked in
Chromium by tests/browser/test_assignment_list.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from grader.paths import REPO_ROOT

EXTENSION = REPO_ROOT / "deploy" / "lab-extension"
NAME = "@autograd-course/assignment-list"


def _bundle() -> str:
    built = json.loads((EXTENSION / "labextension" / "package.json").read_text())
    entry = EXTENSION / "labextension" / built["jupyterlab"]["_build"]["load"]
    assert entry.is_file(), f"{entry} is missing: rebuild (deploy/lab-extension/README.md)"
    return "".join(p.read_text() for p in (EXTENSION / "labextension" / "static").glob("*.js"))


def test_the_committed_build_is_the_sources():
    bundle = _bundle()
    # Minifying keeps every string literal: one the bundle lacks means src/ changed after the build.
    for source in sorted((EXTENSION / "src").glob("*.js")):
        code = "\n".join(line for line in source.read_text().splitlines()
                         if not line.lstrip().startswith(("import ", "//")))
        for literal in re.findall(r"'([^'\\\n]{6,})'", code):
            assert literal in bundle, f"{source.name}: {literal!r} is not in the build: npm run build (see README)"
    assert json.loads((EXTENSION / "package.json").read_text())["name"] == NAME


def test_make_install_put_it_where_jupyterlab_finds_it():
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / NAME
    assert (installed / "package.json").read_text() == (EXTENSION / "labextension" / "package.json").read_text(), \
        "the installed extension is not the committed one: make install"
    listed = subprocess.run([sys.executable, "-m", "jupyter", "labextension", "list"], capture_output=True, text=True,
                            timeout=120)
    line = next((line for line in (listed.stdout + listed.stderr).splitlines() if NAME in line), "")
    assert "enabled" in line and "OK" in line, listed.stdout + listed.stderr
