"""The hosted course on one machine: JupyterHub, a shared nbgrader exchange, the grading service, a
student and an instructor.

    python deploy/jupyterhub/hub.py setup     # as root: users, folders, exchange, the proxy (npm)
    python deploy/jupyterhub/hub.py start     # JupyterHub on http://127.0.0.1:PORT/ (make hub: both)

JupyterHub runs the grading service (``python -m grader.service run``) as the instructor: it
grades each submission as it arrives and releases its feedback. The instructor releases a chapter
in their JupyterLab's terminal (where the environment is set; or as root ``runuser -u
course-instructor -- env $(python deploy/jupyterhub/hub.py env course-instructor) bash``, then
``cd ~/autograd-course``):

    python $COURSE_REPO/deploy/jupyterhub/hub.py source 00_finite_differences    # course/ -> source/
    nbgrader generate_assignment 00_finite_differences                 # source/ -> release/
    nbgrader release_assignment 00_finite_differences                  # release/ -> the exchange
    python -m grader.service status                                    # the queue, what is held

Everything it makes is under ``COURSE_HUB_DIR`` (default ``build/hub/run``)::

    state/                  the hub's database, cookie secret, proxy pid, the test password (root only)
    exchange/               nbgrader's exchange (1777), and exchange/autograd-course/ with
                            outbound/ (755), inbound/ (2733), feedback/ (711), owned by the instructor
    home/<user>/            each user's home and Jupyter root (700, owned by the user)
    home/course-instructor/autograd-course/   the instructor's nbgrader course directory
    service/                the grading service's ledger, attempts, OUT (graded/) and log (700, the
                            instructor's)

and the proxy (npm's configurable-http-proxy, from ``deploy/jupyterhub/proxy/package-lock.json``)
under ``build/hub/proxy``. See ``deploy/jupyterhub/README.md``.
"""

from __future__ import annotations

import argparse
import os
import pwd
import secrets
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from course_exchange import COURSE_ID, REPO_ROOT, write_source  # noqa: E402

CONFIG_FILE = HERE / "jupyterhub_config.py"
STUDENT_CONFIG = REPO_ROOT / "jupyter-config"  # the course's student mode, as make lab uses it
HUB_STUDENT_CONFIG = HERE / "student"  # on the hub: Fetch Feedback through the grading service
INSTRUCTOR_CONFIG = HERE / "instructor"
COMMON_CONFIG = HERE / "common"  # every user's: the terminal finds the course's python and nbgrader
SERVICE_CONFIG = HERE / "grading_service.toml"
SERVICE_NAME = "grading"
PROXY_SOURCE = HERE / "proxy"
PROXY_DIR = REPO_ROOT / "build" / "hub" / "proxy"
PROXY_BIN = PROXY_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
VENV_BIN = Path(sys.executable).parent
#: The users' copy of the course's interpreter and environment, when those are private to root.
USERS_PYTHON = REPO_ROOT / "build" / "hub" / "python"
USERS_VENV = REPO_ROOT / "build" / "hub" / "venv"

STUDENTS = tuple(os.environ.get("COURSE_HUB_STUDENTS", "course-student").split(","))
INSTRUCTORS = tuple(os.environ.get("COURSE_HUB_INSTRUCTORS", "course-instructor").split(","))
DEFAULT_PORT = 8765


@dataclass(frozen=True)
class Layout:
    """Where a hub's state lives (one folder, ``COURSE_HUB_DIR``) and which ports it uses."""

    root: Path
    port: int = DEFAULT_PORT

    @classmethod
    def from_env(cls, environ=os.environ) -> Layout:
        root = Path(environ.get("COURSE_HUB_DIR") or REPO_ROOT / "build" / "hub" / "run").resolve()
        return cls(root, int(environ.get("COURSE_HUB_PORT") or DEFAULT_PORT))

    @property
    def state(self) -> Path:
        return self.root / "state"

    @property
    def exchange(self) -> Path:
        return self.root / "exchange"

    @property
    def course_exchange(self) -> Path:
        return self.exchange / COURSE_ID

    def home(self, user: str) -> Path:
        return self.root / "home" / user

    @property
    def course(self) -> Path:
        """The instructor's nbgrader course directory (source, release, submitted, feedback, ...)."""
        return self.home(INSTRUCTORS[0]) / COURSE_ID

    @property
    def service(self) -> Path:
        """The grading service's folder: its ledger, attempts, OUT and log (the instructor's)."""
        return self.root / "service"

    @property
    def service_url(self) -> str:
        """Where the grading service listens (the proxy forwards /services/grading/ to it)."""
        return f"http://127.0.0.1:{self.port + 3}"

    @property
    def service_prefix(self) -> str:
        return f"/services/{SERVICE_NAME}/"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def password_file(self) -> Path:
        return self.state / "password"

    def password(self) -> str:
        return os.environ.get("COURSE_HUB_PASSWORD") or self.password_file.read_text().strip()

    def env(self) -> dict[str, str]:
        """The variables the hub's configuration reads (the test passes its own)."""
        return {"COURSE_HUB_DIR": str(self.root), "COURSE_HUB_PORT": str(self.port)}


def as_root() -> bool:
    return os.geteuid() == 0


def role(user: str) -> str:
    return "instructor" if user in INSTRUCTORS else "student"


def user_env(layout: Layout, user: str) -> dict[str, str]:
    """The environment of a user's single-user server (and of the instructor's commands): the
    course's Python first on PATH, their home, and the Jupyter configuration of their role."""
    home = layout.home(user)
    env = {
        "HOME": str(home),
        "USER": user,
        "LOGNAME": user,
        "PATH": f"{user_bin()}{os.pathsep}/usr/local/bin{os.pathsep}/usr/bin{os.pathsep}/bin",
        # The terminal puts it first on PATH again after the login profile (common/terminal_rc.sh).
        "COURSE_ENV_BIN": str(user_bin()),
        "COURSE_EXCHANGE_ROOT": str(layout.exchange),
        # JupyterLab's settings, workspaces and checkpoints: in the user's home, never in the repo.
        "COURSE_LAB_STATE_DIR": str(home / ".autograd-course-lab"),
        # Fetch Feedback asks the grading service which pages are this user's (student_exchange).
        "COURSE_GRADING_SERVICE_URL": layout.service_url + layout.service_prefix.rstrip("/"),
    }
    if user_bin() != VENV_BIN:  # the copied interpreter finds its library there (ensure_users_python)
        env["LD_LIBRARY_PATH"] = str(USERS_PYTHON / "lib")
    if role(user) == "instructor":
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(str(p) for p in (INSTRUCTOR_CONFIG, COMMON_CONFIG))
        env["COURSE_HUB_COURSE_ROOT"] = str(layout.course)
        env["COURSE_REPO"] = str(REPO_ROOT)  # python $COURSE_REPO/deploy/jupyterhub/hub.py source ...
        env.update(service_env(layout))  # python -m grader.service status|grant|release in the terminal
    else:
        # Student mode: Assignment List and Validate; no formgrader, no course list, no Create
        # Assignment (the same files as make lab; JUPYTER_CONFIG_PATH ranks above the
        # environment's own nbgrader settings, so its "off" wins), with Fetch Feedback through
        # the grading service (student/).
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(str(p) for p in (HUB_STUDENT_CONFIG, COMMON_CONFIG,
                                                                       STUDENT_CONFIG))
    return env


def service_env(layout: Layout) -> dict[str, str]:
    """What ``python -m grader.service`` reads: the exchange, the course directory, its folder and
    settings (``COURSE_SERVICE_CONFIG`` may name other settings than the repository's)."""
    return {
        "COURSE_EXCHANGE_ROOT": str(layout.exchange),
        "COURSE_HUB_COURSE_ROOT": str(layout.course),
        "COURSE_SERVICE_DIR": str(layout.service),
        "COURSE_SERVICE_CONFIG": os.environ.get("COURSE_SERVICE_CONFIG") or str(SERVICE_CONFIG),
        # The grader's course templates and the known mistakes' behaviour, kept between restarts.
        "XDG_CACHE_HOME": os.environ.get("COURSE_SERVICE_CACHE") or str(layout.service / "cache"),
    }


def service_spec(layout: Layout) -> dict:
    """The grading service as JupyterHub runs it (``c.JupyterHub.services``): as the instructor
    (as root), restarted by JupyterHub if it dies, stopped with the hub."""
    user = INSTRUCTORS[0]
    env = {k: v for k, v in user_env(layout, user).items() if k not in ("JUPYTER_CONFIG_PATH",)}
    if not as_root():
        env["COURSE_SERVICE_CHECK_OWNER"] = "0"  # every account is you: ownership proves nothing
    spec = {
        "name": SERVICE_NAME,
        "url": layout.service_url,
        "command": [str(user_bin() / "python"), "-m", "grader.service", "run"],
        "cwd": str(layout.service),
        "environment": env,
        "oauth_no_confirm": True,
        "display": True,
    }
    if as_root():
        spec["user"] = user
    return spec


# -- setup -----------------------------------------------------------------------------------------

def setup(layout: Layout, log=print) -> None:
    """Users (as root), folders with nbgrader's modes, the exchange, the proxy, a password."""
    layout.root.mkdir(parents=True, exist_ok=True)
    os.chmod(layout.root, 0o755)
    layout.state.mkdir(exist_ok=True)
    os.chmod(layout.state, 0o700)
    (layout.root / "home").mkdir(exist_ok=True)
    os.chmod(layout.root / "home", 0o755)
    if not layout.password_file.exists():
        layout.password_file.write_text(secrets.token_urlsafe(12) + "\n")
        os.chmod(layout.password_file, 0o600)
    users = STUDENTS + INSTRUCTORS
    if as_root():
        for user in users:
            ensure_system_user(user, log)
    else:
        log("warning: not root: every user's server runs as you (SimpleLocalProcessSpawner), with no "
            "separation between users; run as root for one system user per account")
    for user in users:
        home = layout.home(user)
        home.mkdir(parents=True, exist_ok=True)
        _own(home, user, 0o700)
    # nbgrader's exchange: the root writable by everyone (nbgrader checks for 0777; the sticky bit
    # keeps users from removing what others made), the course's folders made once by the
    # instructor's account with the modes nbgrader's release gives them: outbound 755 (anyone
    # reads the releases), inbound 2733 (anyone submits, nobody but the instructor lists),
    # feedback 711 (a student opens a page only by its secret name).
    layout.exchange.mkdir(exist_ok=True)
    os.chmod(layout.exchange, 0o1777)
    for folder, mode in ((layout.course_exchange, 0o755), (layout.course_exchange / "outbound", 0o755),
                         (layout.course_exchange / "inbound", 0o2733), (layout.course_exchange / "feedback", 0o711)):
        folder.mkdir(exist_ok=True)
        _own(folder, INSTRUCTORS[0], mode)
    layout.course.mkdir(exist_ok=True)
    _own(layout.course, INSTRUCTORS[0], 0o700)
    # The grading service's folder: the instructor's alone (its ledger holds the feedback secrets).
    layout.service.mkdir(exist_ok=True)
    _own(layout.service, INSTRUCTORS[0], 0o700)
    ensure_proxy(log)
    if as_root():
        ensure_users_python(log)
        check_users_can_run(layout, log)


def ensure_system_user(user: str, log=print) -> None:
    """A local system account for a test user (no password: they log in through the hub only)."""
    try:
        pwd.getpwnam(user)
        return
    except KeyError:
        pass
    subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
                    "--shell", "/bin/bash", user], check=True)
    log(f"created the system user {user}")


def remove_system_users(log=print) -> None:
    """Remove the local accounts ``ensure_system_user`` made (and their groups), as root."""
    if not as_root():
        raise SystemExit("removing system users needs root")
    for user in STUDENTS + INSTRUCTORS:
        try:
            entry = pwd.getpwnam(user)
        except KeyError:
            continue
        if entry.pw_dir != "/nonexistent":  # not one of ours: a real account of that name
            log(f"{user} has a home ({entry.pw_dir}): not an account hub.py made; left alone")
            continue
        running = processes_of(entry.pw_uid)
        if running:  # a hub (this one or another on the machine) still serves this account
            raise SystemExit(f"{user} still runs {len(running)} process(es) (pids {', '.join(map(str, running[:5]))}): "
                             "a hub on this machine is still using the test accounts. Stop it (Ctrl-C in its "
                             "make hub) and run remove-users again; nothing was removed from here on")
        subprocess.run(["userdel", user], check=True)
        log(f"removed the system user {user}")


def processes_of(uid: int) -> list[int]:
    """The pids of the processes that run as ``uid`` (real or effective)."""
    import psutil

    found = []
    for process in psutil.process_iter(["pid", "uids"]):
        uids = process.info.get("uids")
        if uids is not None and uid in (uids.real, uids.effective):
            found.append(process.info["pid"])
    return found


def _own(path: Path, user: str, mode: int) -> None:
    if as_root():
        entry = pwd.getpwnam(user)
        os.chown(path, entry.pw_uid, entry.pw_gid)
    os.chmod(path, mode)


def ensure_proxy(log=print) -> Path:
    """npm's configurable-http-proxy, pinned by deploy/jupyterhub/proxy/package-lock.json, in
    build/hub/proxy (installed again when the lock file changes)."""
    lock = PROXY_SOURCE / "package-lock.json"
    stamp = PROXY_DIR / ".installed-lock.json"
    if PROXY_BIN.exists() and stamp.exists() and stamp.read_bytes() == lock.read_bytes():
        return PROXY_BIN
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is missing: JupyterHub's proxy comes from npm "
                         "(Debian: apt-get install -y --no-install-recommends nodejs npm)")
    PROXY_DIR.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(PROXY_SOURCE / name, PROXY_DIR / name)
    log("installing configurable-http-proxy with npm into build/hub/proxy")
    subprocess.run([npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PROXY_DIR,
                   check=True)
    shutil.copy2(lock, stamp)
    return PROXY_BIN


# -- the users' Python -----------------------------------------------------------------------------

def _reachable_by_others(path: Path) -> bool:
    """Every folder down to ``path`` can be passed through by any user (o+x)."""
    path = Path(path).resolve()
    return all(folder.stat().st_mode & 0o001 for folder in [path, *path.parents] if folder.is_dir())


def course_python_is_shared() -> bool:
    """Can other users run the course's environment as it is? (Not when its interpreter lives in
    a private folder, e.g. pyenv's under /root, as on the project's CI machines.)"""
    return _reachable_by_others(Path(sys.base_prefix) / "bin") and _reachable_by_others(VENV_BIN)


def user_bin() -> Path:
    """The bin/ folder of the Python the users' servers run: the course's .venv, or its copy."""
    if not as_root() or course_python_is_shared():
        return VENV_BIN
    return USERS_VENV / "bin"


def ensure_users_python(log=print) -> Path:
    """As root, when the course's Python is private: the same interpreter and environment where
    every user can run them, ``build/hub/python`` (a copy of the interpreter's folder) and
    ``build/hub/venv`` (a venv on it with .venv's packages, console scripts written again for it).
    Files are hard links to the originals (seconds, no space). The interpreter looks for its
    library in its original folder first (its RUNPATH), so ``LD_LIBRARY_PATH`` points at the copy
    (``user_env``). Remade when .venv's packages change."""
    if course_python_is_shared():
        return VENV_BIN
    import json

    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    base = Path(sys.base_prefix).resolve()
    site = Path(sys.prefix) / "lib" / version / "site-packages"
    installed = Path(sys.prefix) / ".installed"
    key = json.dumps({"base": str(base), "version": sys.version, "packages": sorted(os.listdir(site)),
                      "installed": installed.stat().st_mtime_ns if installed.exists() else None}, sort_keys=True)
    stamp = USERS_VENV / ".course-environment.json"
    if stamp.exists() and stamp.read_text() == key:
        return USERS_VENV / "bin"
    log(f"the course's Python ({base}) is private to root: copying it (hard links) to {USERS_PYTHON} "
        f"and {USERS_VENV} for the users")
    for folder in (USERS_VENV, USERS_PYTHON):
        if folder.exists():
            shutil.rmtree(folder)
    _link_tree(base, USERS_PYTHON)
    subprocess.run([str(USERS_PYTHON / "bin" / version), "-m", "venv", "--without-pip", str(USERS_VENV)],
                   check=True, env=dict(os.environ, LD_LIBRARY_PATH=str(USERS_PYTHON / "lib")))
    target_site = USERS_VENV / site.relative_to(sys.prefix)
    shutil.rmtree(target_site)
    _link_tree(site, target_site)
    for shared in ("share", "etc"):  # JupyterLab's extensions, nbgrader's server-extension switches
        if (Path(sys.prefix) / shared).is_dir():
            _link_tree(Path(sys.prefix) / shared, USERS_VENV / shared)
    shebangs = {f"#!{VENV_BIN / name}" for name in ("python", "python3", version)}
    for script in sorted(VENV_BIN.iterdir()):
        target = USERS_VENV / "bin" / script.name
        if target.exists() or script.is_symlink() or not script.is_file():
            continue
        try:
            first, _, rest = script.read_text().partition("\n")
        except UnicodeDecodeError:
            continue
        if first.strip() in shebangs:
            target.write_text(f"#!{USERS_VENV / 'bin' / 'python'}\n{rest}")
            target.chmod(0o755)
    stamp.write_text(key)
    return USERS_VENV / "bin"


def _link_tree(source: Path, target: Path) -> None:
    """Copy a tree as hard links (the same file system), or as copies where links fail."""
    def link(src, dst):
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)
    shutil.copytree(source, target, symlinks=True, copy_function=link)


def check_users_can_run(layout: Layout, log=print) -> None:
    """Each account must be able to run the course's Python and read the project."""
    for user in STUDENTS[:1] + INSTRUCTORS[:1]:
        hint = (f"{user} cannot run {user_bin() / 'python'}: every folder down to {REPO_ROOT} must be "
                f"readable by others (chmod o+rx each one, or clone the course under /srv or /opt)")
        try:
            probe = subprocess.run([str(user_bin() / "python"), "-c", "import traitlets, autograd_lib"],
                                   env=user_env(layout, user), cwd=layout.home(user), capture_output=True,
                                   text=True, **run_as(user))
        except OSError as error:  # the account cannot even start it (a folder it cannot enter)
            raise SystemExit(f"{hint}\n({error.strerror}: {error.filename})") from None
        if probe.returncode != 0:
            raise SystemExit(f"{hint}:\n{probe.stderr[-2000:]}")


def run_as(user: str) -> dict:
    """subprocess keyword arguments that run a command as ``user`` (as root; else as you)."""
    if not as_root():
        return {}
    entry = pwd.getpwnam(user)
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": [], "umask": 0o022}


# -- start -----------------------------------------------------------------------------------------

def hub_command() -> list[str]:
    return [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG_FILE)]


def start(layout: Layout) -> None:
    """Print the URL and the accounts, then become JupyterHub."""
    print(f"\nJupyterHub for the course: {layout.url}\n"
          f"  grading:     {layout.url}services/{SERVICE_NAME}/ (each student's attempts; the instructor's queue)\n"
          f"  students:    {', '.join(STUDENTS)}\n"
          f"  instructors: {', '.join(INSTRUCTORS)}\n"
          f"  password:    {layout.password()}   (test accounts; {layout.password_file})\n"
          f"  state:       {layout.root}\n", flush=True)
    env = dict(os.environ, **layout.env())
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    os.chdir(layout.state)
    os.execvpe(hub_command()[0], hub_command(), env)


# -- the instructor's helpers ----------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="deploy/jupyterhub/hub.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="users, folders, the exchange and the proxy (run as root)")
    commands.add_parser("start", help="print the URL and the accounts, then run JupyterHub")
    env = commands.add_parser("env", help="print a user's environment (KEY=VALUE lines)")
    env.add_argument("user")
    source = commands.add_parser("source", help="write source/<chapter> from course/ (as the instructor)")
    source.add_argument("chapters", nargs="+")
    source.add_argument("--course-root", default=None, help="default: $COURSE_HUB_COURSE_ROOT or the current folder")
    commands.add_parser("remove-users", help="remove the test accounts setup made (as root; their files stay in "
                                             "COURSE_HUB_DIR until you delete it)")
    args = parser.parse_args(argv)
    layout = Layout.from_env()
    if args.command == "setup":
        setup(layout)
        print(f"ready: {layout.root}")
    elif args.command == "start":
        start(layout)
    elif args.command == "remove-users":
        remove_system_users()
    elif args.command == "env":
        for key, value in user_env(layout, args.user).items():
            print(f"{key}={value}")
    else:
        course_root = Path(args.course_root or os.environ.get("COURSE_HUB_COURSE_ROOT") or os.getcwd())
        for chapter in args.chapters:
            print(f"wrote {write_source(course_root, chapter)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
