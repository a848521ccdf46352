"""The instructor's JupyterLab on the hub: every nbgrader tool on (nbgrader's own defaults), its
state in the instructor's home, no calls to the internet, and Formgrader allowed in the lab's frame
(``formgrader_frames``, a server extension in this folder), without the Collect and Autograde that
the grading service replaces (``formgrader_hub_only``)."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # formgrader_frames, formgrader_hub_only

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

_state = Path(os.environ.get("COURSE_LAB_STATE_DIR") or Path.home() / ".autograd-course-lab")
c.LabApp.user_settings_dir = str(_state / "user-settings")
c.LabApp.workspaces_dir = str(_state / "workspaces")
c.LabApp.check_for_updates_class = "jupyterlab.NeverCheckForUpdate"
c.LabApp.news_url = None
