"""Shared pieces of the browser tests: Debian's Chromium through Playwright, free ports, artifacts.

The browser tests drive the real thing a person uses (JupyterLab in student mode, the course website)
in headless Chromium. They need Debian's ``/usr/bin/chromium`` (``apt-get install -y
--no-install-recommends chromium fonts-liberation``); Playwright's own browser download
(``playwright install``) is never used. Without Chromium they skip, and say why.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from grader.paths import REPO_ROOT, SOLUTIONS_DIR

CHROMIUM = Path(os.environ.get("COURSE_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = REPO_ROOT / "build" / "test-artifacts" / "browser"
VENV_BIN = REPO_ROOT / ".venv" / "bin"


def chapters_in(folder: Path) -> list[str]:
    """The chapter ids present in ``folder`` (``assignments/`` or ``solutions/``), in course order."""
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and (p / f"{p.name}.ipynb").is_file())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def subprocess_env(**extra: str) -> dict[str, str]:
    """The environment for a server we start: the venv's bin/ first on PATH (nbgrader needs it)."""
    env = dict(os.environ)
    bin_dir = VENV_BIN if VENV_BIN.is_dir() else Path(shutil.which("python") or "python").parent
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env.update(extra)
    return env


def stop_process_group(proc: subprocess.Popen, timeout: float = 4) -> None:
    """Stop a server we started with ``start_new_session=True``: SIGTERM (a Jupyter server then shuts
    its kernels down), a few seconds' grace, then SIGKILL to whatever is left of its process group."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(timeout=timeout)


def kill_processes_mentioning(marker: str) -> list[int]:
    """SIGKILL the processes whose command line mentions ``marker`` (a temporary folder of ours).

    Kernels run in their own process group, with their connection file in our private runtime
    folder; if one outlives the server, this finds it by that folder and ends it by its pid.
    """
    killed = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(int(entry.name))
            except ProcessLookupError:
                pass
    return killed


def wait_for_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives headless Chromium (JupyterLab, the course website)")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="module")
def browser():
    """Headless Debian Chromium, driven by Playwright for Python."""
    if not CHROMIUM.exists():
        pytest.skip(
            f"Chromium is not installed at {CHROMIUM}: "
            "apt-get install -y --no-install-recommends chromium fonts-liberation"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:  # a missing Python package is a broken install, not a reason to skip
        raise RuntimeError("Playwright for Python is missing: pip install -e '.[browser]'") from error
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the signature is the base class's
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The website built from solutions/ (its Chinese site from solutions-zh/ in zh/) and served on
    loopback: built once for the English and the Chinese site tests (one xdist group)."""
    if not chapters_in(SOLUTIONS_DIR):
        pytest.skip("no executed chapter in solutions/")
    out = tmp_path_factory.mktemp("book")
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "book" / "build.py"), "--out", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO_ROOT,
    )
    assert result.returncode == 0, f"book/build.py failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    print(f"book built in {time.monotonic() - started:.1f} s")
    html = out / "_build" / "html"
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_address[1]}", "html": html}
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
