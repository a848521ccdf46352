"""The conda environment and the pip packaging declare the same packages."""

import re
import tomllib

from grader.paths import REPO_ROOT


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _pip_requirements() -> dict[str, str]:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    requirements = list(project["dependencies"])
    for group in project["optional-dependencies"].values():
        requirements += group
    return {_name(r): r.replace(" ", "") for r in requirements}


def _conda_requirements() -> dict[str, str]:
    found = {}
    text = (REPO_ROOT / "environment.yml").read_text()
    for line in text.split("dependencies:", 1)[1].splitlines():
        match = re.match(r"^\s+- (?!pip:)([A-Za-z0-9_.\-]+)([^#]*)", line)
        if not match or match.group(1) in ("python", "pip", "-e"):
            continue
        spec = (match.group(1) + match.group(2)).strip()
        spec = re.sub(r"^([A-Za-z0-9_.\-]+)=(?!=)", r"\1==", spec)  # conda's `=` is pip's `==`
        found[_name(spec)] = spec.replace(" ", "")
    return found


def test_conda_environment_declares_the_same_packages_as_pip():
    pip, conda = _pip_requirements(), _conda_requirements()
    assert sorted(pip) == sorted(conda), f"only in pip: {set(pip) - set(conda)}; only in conda: {set(conda) - set(pip)}"


def test_conda_environment_pins_the_same_versions_as_pip():
    pip, conda = _pip_requirements(), _conda_requirements()
    differ = {name: (pip[name], conda[name]) for name in pip if pip[name] != conda.get(name)}
    assert not differ, f"version specifiers differ (pip, conda): {differ}"


def test_torch_is_pinned_exactly_everywhere():
    assert _pip_requirements()["torch"] == "torch==2.13.0"
    assert "torch==2.13.0" in (REPO_ROOT / "requirements-lock.txt").read_text().replace("+cpu", "")


def test_lock_file_pins_every_package_exactly():
    lines = [l for l in (REPO_ROOT / "requirements-lock.txt").read_text().splitlines() if l and not l.startswith("#")]
    loose = [l for l in lines if "==" not in l]
    assert not loose, f"unpinned lines in requirements-lock.txt: {loose}"
