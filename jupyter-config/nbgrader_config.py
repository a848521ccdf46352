"""nbgrader's student side (assignment list, Validate) as JupyterLab loads it in student mode."""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

_state = Path(os.environ.get("COURSE_LAB_STATE_DIR", Path(__file__).resolve().parent.parent / "build" / "lab"))
_exchange = _state / "exchange"
# nbgrader logs a critical error when its exchange folder does not exist.
_exchange.mkdir(parents=True, exist_ok=True)

c.CourseDirectory.course_id = "autograd-course"
c.Exchange.course_id = "autograd-course"
c.Exchange.root = str(_exchange)
