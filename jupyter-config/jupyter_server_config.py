"""JupyterLab in student mode: where it keeps its state, and no calls to the internet.

This folder is used as ``JUPYTER_CONFIG_DIR`` by ``make lab`` and by tests/browser, and on every
student's ``JUPYTER_CONFIG_PATH`` by the hosted course (deploy/jupyterhub). The other
files here switch nbgrader's instructor tools off (``jupyter_server_config.json`` for the server
extensions, ``labconfig/page_config.json`` for the JupyterLab plugins); ``nbgrader_config.py``
gives the student tools a course id and an exchange folder.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

_state = Path(os.environ.get("COURSE_LAB_STATE_DIR", Path(__file__).resolve().parent.parent / "build" / "lab"))

# JupyterLab would otherwise write settings and workspaces into this (committed) folder.
c.LabApp.user_settings_dir = str(_state / "user-settings")
c.LabApp.workspaces_dir = str(_state / "workspaces")
# Checkpoints in one folder outside the notebooks: JupyterLab makes one as soon as a notebook is
# opened, and assignments/ must stay exactly what `make build` writes (tests/course checks it).
c.FileCheckpoints.checkpoint_dir = str(_state / "checkpoints")
# Offline and quiet: no update check, no news feed.
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.news_url = None
