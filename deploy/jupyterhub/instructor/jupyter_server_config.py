"""The instructor's JupyterLab on the hub: every nbgrader tool on (nbgrader's own defaults), its
state in the instructor's home, and no calls to the internet."""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

_state = Path(os.environ.get("COURSE_LAB_STATE_DIR") or Path.home() / ".autograd-course-lab")
c.LabApp.user_settings_dir = str(_state / "user-settings")
c.LabApp.workspaces_dir = str(_state / "workspaces")
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.news_url = None
