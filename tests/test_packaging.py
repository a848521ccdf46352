"""The conda environment, the pip packaging and the lock agree: the same packages, conda's file in
conda's own spec syntax, every pin equal to the lock's, every range of pyproject.toml holding it;
and the make targets use an activated conda environment when asked."""

import re
import subprocess
import tomllib

import yaml
from packaging.requirements import Requirement
from packaging.version import Version

from grader.paths import REPO_ROOT

#: conda-forge's names for what PyPI calls otherwise (pip's extras are separate conda packages).
CONDA_NAMES = {"psycopg2-binary": ["psycopg2"], "dask": ["dask", "distributed"]}
#: conda's MatchSpec, as environment files write it: a name, then an optional version constraint.
MATCH_SPEC = re.compile(r"^[a-z0-9][a-z0-9_.-]*(\s*(==|=|>=|<=|>|<|!=|~=)\s*[0-9][0-9a-zA-Z.*+_-]*"
                        r"(\s*,\s*(==|>=|<=|>|<|!=)\s*[0-9][0-9a-zA-Z.*+_-]*)*)?$")


def _key(name: str) -> str:
    return name.lower().replace("_", "-")


def _environment() -> dict:
    return yaml.safe_load((REPO_ROOT / "environment.yml").read_text())


def _conda_specs() -> list[str]:
    return [d for d in _environment()["dependencies"] if isinstance(d, str)]


def _pip_section() -> list[str]:
    [section] = [d["pip"] for d in _environment()["dependencies"] if isinstance(d, dict)]
    return [line for line in section if not line.startswith("-")]


def _pyproject() -> list[Requirement]:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    return [Requirement(r) for r in project["dependencies"] + sum(project["optional-dependencies"].values(), [])]


def _lock() -> dict[str, str]:
    lines = (REPO_ROOT / "requirements-lock.txt").read_text().splitlines()
    return {_key(line.split("==")[0]): line.split("==")[1] for line in lines if "==" in line}


def _pinned(spec: str) -> tuple[str, str]:
    name, version = re.split(r"==", spec.replace(" ", ""))
    return _key(name), version


def test_environment_yml_is_written_in_condas_spec_syntax():
    specs = _conda_specs()
    assert specs and all(MATCH_SPEC.match(s) for s in specs), [s for s in specs if not MATCH_SPEC.match(s)]
    assert not [s for s in specs if "[" in s], "pip's extras syntax in conda's section"
    assert all(Requirement(line) for line in _pip_section())


def test_conda_environment_declares_the_same_packages_as_pip():
    wanted = {n for r in _pyproject() for n in CONDA_NAMES.get(_key(r.name), [_key(r.name)])}
    declared = {_pinned(s)[0] for s in _conda_specs() if "==" in s} | {_pinned(s)[0] for s in _pip_section()}
    assert wanted == declared, f"only in pip: {wanted - declared}; only in conda: {declared - wanted}"


def test_every_pin_of_the_conda_environment_is_the_locks():
    lock = _lock()
    lock["psycopg2"] = lock["psycopg2-binary"]
    specs = [s for s in _conda_specs() if "==" in s] + _pip_section()
    differ = {name: (version, lock.get(name)) for name, version in map(_pinned, specs)
              if lock.get(name, "").split("+")[0] != version}
    assert not differ, f"environment.yml pins other versions than requirements-lock.txt: {differ}"
    unpinned = [s for s in _conda_specs() if "==" not in s and _key(re.split(r"[=<>]", s)[0]) not in ("python", "pip")]
    assert not unpinned, unpinned


def test_the_ranges_of_pyproject_hold_the_locked_versions():
    lock = _lock()
    outside = [str(r) for r in _pyproject() if Version(lock[_key(r.name)].split("+")[0]) not in r.specifier]
    assert not outside, f"the lock's version is outside these ranges: {outside}"


def test_torch_is_pinned_exactly_everywhere():
    assert "torch==2.13.0" in [str(r) for r in _pyproject()]
    assert "torch==2.13.0" in _pip_section()
    assert _lock()["torch"] == "2.13.0+cpu"


def test_lock_file_pins_every_package_exactly():
    lines = [l for l in (REPO_ROOT / "requirements-lock.txt").read_text().splitlines() if l and not l.startswith("#")]
    loose = [l for l in lines if "==" not in l]
    assert not loose, f"unpinned lines in requirements-lock.txt: {loose}"


def _make_dry_run(*args: str, env: dict | None = None) -> str:
    import os

    done = subprocess.run(["make", "-n", "-B", *args], cwd=REPO_ROOT, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    return done.stdout + done.stderr


def test_make_uses_the_active_conda_environment_when_asked(tmp_path):
    prefix = tmp_path / "envs" / "autograd-course"
    (prefix / "bin").mkdir(parents=True)
    text = _make_dry_run("test", "USE_CONDA=1", env={"CONDA_PREFIX": str(prefix)})
    assert f"{prefix}/bin/python -m pytest" in text and "-m venv" not in text and ".venv/bin" not in text
    refused = _make_dry_run("test", "USE_CONDA=1", env={"CONDA_PREFIX": ""})
    assert "needs an activated conda environment" in refused
    assert "-m venv" in _make_dry_run("install")
