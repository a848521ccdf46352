"""nbgrader's student side (assignment list, Validate) as JupyterLab loads it in student mode.

The exchange is ``build/lab/exchange`` for ``make lab``, with the student's copies of their
submissions in ``build/lab/nbgrader_cache`` (``COURSE_LAB_STATE_DIR`` moves ``build/lab``); or the
folder ``COURSE_EXCHANGE_ROOT`` names: the hosted course (``deploy/jupyterhub``) points every
student's server at the hub's shared exchange that way (the copies stay in their home).
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

if os.environ.get("COURSE_EXCHANGE_ROOT"):
    # A shared exchange made by its administrator (deploy/jupyterhub): never created from here.
    _exchange = Path(os.environ["COURSE_EXCHANGE_ROOT"])
else:
    _state = Path(os.environ.get("COURSE_LAB_STATE_DIR", Path(__file__).resolve().parent.parent / "build" / "lab"))
    _exchange = _state / "exchange"
    # nbgrader logs a critical error when its exchange folder does not exist.
    _exchange.mkdir(parents=True, exist_ok=True)
    # The student's copies of their submissions (the Assignment List's "Submitted" and how feedback
    # is found) belong to this exchange, not to every exchange the account ever used.
    c.Exchange.cache = str(_state / "nbgrader_cache")

c.CourseDirectory.course_id = "autograd-course"
c.Exchange.root = str(_exchange)
