"""The pieces of the exchange workflows (deploy/) that need no browser: each hub role's environment,
the terminal's start-up, the grading service as the hub runs it, the course id everywhere, local
release."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

from grader.course.nbgrader_setup import COURSE_ID
from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT

DEPLOY = REPO_ROOT / "deploy"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


exchange = _load("course_exchange", DEPLOY / "course_exchange.py")
hub = _load("course_hub", DEPLOY / "jupyterhub" / "hub.py")


def test_each_role_gets_its_jupyter_configuration(tmp_path):
    layout = hub.Layout(tmp_path, 18000)
    student = hub.user_env(layout, hub.STUDENTS[0])
    instructor = hub.user_env(layout, hub.INSTRUCTORS[0])
    hub_dir = DEPLOY / "jupyterhub"
    # make lab's student mode, after the hub's Fetch Feedback (student/) and terminal (common/)
    assert student["JUPYTER_CONFIG_PATH"].split(os.pathsep) == [
        str(hub_dir / "student"), str(hub_dir / "common"), str(REPO_ROOT / "jupyter-config")]
    assert instructor["JUPYTER_CONFIG_PATH"].split(os.pathsep) == [str(hub_dir / "instructor"), str(hub_dir / "common")]
    assert student["COURSE_ENV_BIN"] == instructor["COURSE_ENV_BIN"] == str(hub.user_bin())  # the terminal's PATH
    # the grading service: where it answers (Fetch Feedback), and, for the instructor, its folders
    assert student["COURSE_GRADING_SERVICE_URL"] == f"{layout.service_url}/services/grading"
    assert instructor["COURSE_SERVICE_DIR"] == str(layout.service) and "COURSE_SERVICE_DIR" not in student
    for env, user in ((student, hub.STUDENTS[0]), (instructor, hub.INSTRUCTORS[0])):
        assert env["COURSE_EXCHANGE_ROOT"] == str(layout.exchange)
        assert env["HOME"] == str(layout.home(user)) and env["USER"] == user
        assert Path(env["COURSE_LAB_STATE_DIR"]).is_relative_to(layout.home(user))
    assert instructor["COURSE_HUB_COURSE_ROOT"] == str(layout.course)
    assert "COURSE_HUB_COURSE_ROOT" not in student
    assert layout.course.is_relative_to(layout.home(hub.INSTRUCTORS[0]))


@pytest.mark.parametrize("config", ["jupyter-config/nbgrader_config.py",
                                    "deploy/jupyterhub/instructor/nbgrader_config.py"])
def test_every_nbgrader_configuration_names_the_course_and_the_exchange(config, tmp_path, monkeypatch):
    monkeypatch.setenv("COURSE_EXCHANGE_ROOT", str(tmp_path / "exchange"))
    monkeypatch.setenv("COURSE_HUB_COURSE_ROOT", str(tmp_path / "course"))
    path = REPO_ROOT / config
    loaded = PyFileConfigLoader(path.name, path=str(path.parent)).load_config()
    assert loaded.CourseDirectory.course_id == COURSE_ID == exchange.COURSE_ID
    assert loaded.Exchange.root == str(tmp_path / "exchange")
    assert not (tmp_path / "exchange").exists(), "a shared exchange is made by its administrator, never here"


def test_local_release_puts_the_built_chapters_on_the_exchange_once(tmp_path):
    built = tmp_path / "assignments"
    chapter = sorted(p.name for p in ASSIGNMENTS_DIR.iterdir() if (p / f"{p.name}.ipynb").is_file())[0]
    (built / chapter).mkdir(parents=True)
    (built / chapter / f"{chapter}.ipynb").write_bytes((ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb").read_bytes())
    course, root = tmp_path / "course", tmp_path / "exchange"
    assert exchange.release_built_chapters(course, root, built=built, log=lambda *a: None) == [chapter]
    outbound = root / COURSE_ID / "outbound" / chapter / f"{chapter}.ipynb"
    assert outbound.read_bytes() == (built / chapter / f"{chapter}.ipynb").read_bytes()
    assert exchange.release_built_chapters(course, root, built=built, log=lambda *a: None) == []  # unchanged
    (built / chapter / f"{chapter}.ipynb").write_text("{}")  # rebuilt: released again
    assert exchange.release_built_chapters(course, root, built=built, log=lambda *a: None) == [chapter]
    assert outbound.read_text() == "{}"


def test_the_terminal_keeps_the_course_environment_after_a_login_profile(tmp_path):
    """A JupyterLab terminal on the hub reads what a login shell reads (the system profile, which
    sets PATH anew, and the user's own ~/.profile), then puts the course's environment first."""
    import subprocess

    (tmp_path / ".profile").write_text('PATH="/usr/bin:/bin"\nexport PROFILE_READ=yes\n')  # a user's own
    course_bin = tmp_path / "course-env" / "bin"
    course_bin.mkdir(parents=True)
    (course_bin / "python").symlink_to(sys.executable)
    config = PyFileConfigLoader("jupyter_server_config.py", str(DEPLOY / "jupyterhub" / "common")).load_config()
    shell = config.ServerApp.terminado_settings["shell_command"]
    env = {"HOME": str(tmp_path), "PATH": f"{course_bin}:/usr/bin:/bin", "COURSE_ENV_BIN": str(course_bin),
           "TERM": "dumb"}
    done = subprocess.run(shell + ["-c", 'echo "$PROFILE_READ $(command -v python)"'], env=env, capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.stdout.strip().splitlines()[-1] == f"yes {course_bin / 'python'}", done.stdout + done.stderr


def test_the_grading_service_runs_as_the_instructor_with_the_hubs_folders(tmp_path):
    layout = hub.Layout(tmp_path, 18000)
    spec = hub.service_spec(layout)
    assert spec["name"] == "grading" and spec["url"] == "http://127.0.0.1:18003"
    assert spec["command"][1:] == ["-m", "grader.service", "run"] and spec["cwd"] == str(layout.service)
    assert spec["user"] == hub.INSTRUCTORS[0] if hub.as_root() else "user" not in spec
    env = spec["environment"]
    assert env["COURSE_SERVICE_DIR"] == str(layout.service) and env["HOME"] == str(layout.home(hub.INSTRUCTORS[0]))
    assert env["COURSE_EXCHANGE_ROOT"] == str(layout.exchange) and env["COURSE_HUB_COURSE_ROOT"] == str(layout.course)


def test_remove_users_removes_only_the_accounts_setup_made(monkeypatch):
    """``hub.py remove-users``: the test accounts (home /nonexistent, as setup makes them) go; an
    account of the same name with a real home is someone's, and stays."""
    import types

    homes = {hub.STUDENTS[0]: "/nonexistent", hub.INSTRUCTORS[0]: "/home/a-real-person"}
    removed = []
    monkeypatch.setattr(hub, "as_root", lambda: True)
    monkeypatch.setattr(hub.pwd, "getpwnam", lambda user: types.SimpleNamespace(pw_dir=homes[user], pw_uid=4242))
    monkeypatch.setattr(hub.subprocess, "run", lambda command, check: removed.append(command))
    monkeypatch.setattr(hub, "processes_of", lambda uid: [])
    said = []
    hub.remove_system_users(log=said.append)
    assert removed == [["userdel", hub.STUDENTS[0]]]
    assert any("not an account hub.py made; left alone" in line for line in said), said


def test_remove_users_cannot_break_a_hub_that_still_uses_the_accounts(monkeypatch):
    """Test accounts are the machine's: while a hub (this one or a second one) runs processes as
    one of them, remove-users removes nothing and says which hub to stop."""
    import types

    removed = []
    monkeypatch.setattr(hub, "as_root", lambda: True)
    monkeypatch.setattr(hub.pwd, "getpwnam", lambda user: types.SimpleNamespace(pw_dir="/nonexistent", pw_uid=4242))
    monkeypatch.setattr(hub.subprocess, "run", lambda command, check: removed.append(command))
    monkeypatch.setattr(hub, "processes_of", lambda uid: [31337, 31338] if uid == 4242 else [])
    with pytest.raises(SystemExit) as stopped:
        hub.remove_system_users(log=lambda line: None)
    assert removed == []
    assert "still runs 2 process(es) (pids 31337, 31338)" in str(stopped.value) and "Stop it" in str(stopped.value)


def test_processes_of_finds_this_process_by_its_uid():
    assert os.getpid() in hub.processes_of(os.getuid())


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="runs a command as another account (root only)")
def test_a_python_other_accounts_cannot_reach_stops_setup_with_the_fix_not_a_traceback(tmp_path, monkeypatch):
    """``make hub`` from a clone others cannot read (under /root, mode 700): the account cannot
    start the course's Python, and setup says which folder to open, with no PermissionError."""
    import subprocess as sp

    private = tmp_path / "private"
    (private / "bin").mkdir(parents=True)
    (private / "bin" / "python").symlink_to(sys.executable)
    os.chmod(private, 0o700)
    layout = hub.Layout(tmp_path / "run", 18000)
    for user in ("nobody",):
        layout.home(user).mkdir(parents=True)
    monkeypatch.setattr(hub, "STUDENTS", ("nobody",))
    monkeypatch.setattr(hub, "INSTRUCTORS", ("nobody",))
    monkeypatch.setattr(hub, "user_bin", lambda: private / "bin")
    with pytest.raises(SystemExit) as stopped:
        hub.check_users_can_run(layout)
    message = str(stopped.value)
    assert "nobody cannot run" in message and "readable by others" in message and "chmod o+rx" in message
    assert "Traceback" not in message
    # the same from the command line: a non-zero exit and the message, no traceback
    script = (f"import importlib.util, sys; from pathlib import Path\n"
              f"spec = importlib.util.spec_from_file_location('h', {str(DEPLOY / 'jupyterhub' / 'hub.py')!r})\n"
              f"h = sys.modules['h'] = importlib.util.module_from_spec(spec); spec.loader.exec_module(h)\n"
              f"h.STUDENTS = h.INSTRUCTORS = ('nobody',); h.user_bin = lambda: Path({str(private / 'bin')!r})\n"
              f"h.check_users_can_run(h.Layout(Path({str(layout.root)!r}), 18000))\n")
    run = sp.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO_ROOT)
    assert run.returncode != 0
    assert "readable by others" in run.stderr and "Traceback" not in run.stderr, run.stderr


def test_formgrader_on_the_hub_offers_no_collect_and_no_autograde(monkeypatch):
    """The instructor's Formgrader: nbgrader's own templates rendered without the Collect and
    Autograde columns, and the API calls behind them refused with the reason (the grading service
    does both). The columns are found by their headers in nbgrader's installed templates."""
    import json as json_module
    import types

    from jinja2 import Environment, FileSystemLoader
    from nbgrader.server_extensions.formgrader import apihandlers, handlers
    from nbgrader.server_extensions.formgrader.base import BaseHandler

    config = json_module.loads((DEPLOY / "jupyterhub" / "instructor" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["jpserver_extensions"]["formgrader_hub_only"] is True
    only = _load("formgrader_hub_only", DEPLOY / "jupyterhub" / "instructor" / "formgrader_hub_only.py")
    monkeypatch.setattr(BaseHandler, "render", BaseHandler.render)  # each patched method is restored after
    monkeypatch.setattr(apihandlers.CollectHandler, "post", apihandlers.CollectHandler.post)
    monkeypatch.setattr(apihandlers.AutogradeHandler, "post", apihandlers.AutogradeHandler.post)
    monkeypatch.setattr(BaseHandler, "_hub_only", False, raising=False)
    only._load_jupyter_server_extension(types.SimpleNamespace(log=types.SimpleNamespace(info=lambda *a: None)))

    env = Environment(loader=FileSystemLoader([handlers.template_path]))
    for name, header, cells in (("manage_assignments.tpl", "Collect", "collect"),
                                ("manage_submissions.tpl", "Autograde", "autograde")):
        headers = only.table_headers(env.loader.get_source(env, name)[0])
        assert header in headers, (name, headers)
        handler = types.SimpleNamespace(settings={"nbgrader_jinja2_env": env})
        page = BaseHandler.render(handler, name, base_url="", url_prefix="", windows=False, course_id="c",
                                  assignment_id="a", mathjax_url="", exchange_missing=False,
                                  formgrader_path="", notebook_url_prefix="")
        style = f"tr > th:nth-child({headers.index(header) + 1}), td.{cells} {{ display: none; }}"
        assert style in page, name
    said = {}
    stub = types.SimpleNamespace(set_status=lambda code: said.setdefault("status", code),
                                 finish=lambda body: said.setdefault("body", json_module.loads(body)))
    apihandlers.CollectHandler.post(stub, "00_finite_differences")
    assert said["status"] == 409 and "grading service collects and grades" in said["body"]["error"]
    said.clear()
    apihandlers.AutogradeHandler.post(stub, "00_finite_differences", "ann")
    assert said["status"] == 409 and said["body"]["success"] is False
