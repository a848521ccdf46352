"""Every hub user's JupyterLab: a terminal in which the course's ``python`` and ``nbgrader`` are
found, for accounts of any kind (the hub's test accounts, PAM users, single sign-on).

JupyterLab's terminal, started by a spawner and not from a terminal, is a login shell (``bash
-l``), and a login shell's ``/etc/profile`` sets ``PATH`` anew, dropping the course's environment
that the hub put first on it. So the terminal runs ``bash`` with ``terminal_rc.sh`` instead: it
reads what a login shell reads (``/etc/profile``, then the first of the user's
``~/.bash_profile``, ``~/.bash_login``, ``~/.profile``), nothing of the user's is edited, and only
then puts the course's environment (``$COURSE_ENV_BIN``) first on ``PATH`` again.
"""

from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

TERMINAL_RC = Path(__file__).resolve().parent / "terminal_rc.sh"
c.ServerApp.terminado_settings = {"shell_command": ["/bin/bash", "--rcfile", str(TERMINAL_RC), "-i"]}
