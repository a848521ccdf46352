"""nbgrader for the course's instructor on the hub: their course directory and the shared exchange.

The hub puts this folder on the instructor's ``JUPYTER_CONFIG_PATH`` (``deploy/jupyterhub/hub.py``),
so the formgrader, the assignment list and every ``nbgrader`` command in the instructor's terminal
read it, from any folder.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

_course = Path(os.environ.get("COURSE_HUB_COURSE_ROOT") or Path.home() / "autograd-course")

c.CourseDirectory.root = str(_course)
c.CourseDirectory.course_id = "autograd-course"
c.CourseDirectory.db_url = f"sqlite:///{_course / 'gradebook.db'}"
if os.environ.get("COURSE_EXCHANGE_ROOT"):
    c.Exchange.root = os.environ["COURSE_EXCHANGE_ROOT"]
