"""nbgrader for a student on the hub: the Assignment List and Fetch Feedback find the feedback the
course's grading service released for each submission (``grader.service.student_exchange``).

The hub puts this folder first on a student's ``JUPYTER_CONFIG_PATH``, before the course's student
mode (``jupyter-config/``, shared with ``make lab``), so everything else is as there.
"""

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

c.ExchangeFactory.list = "grader.service.student_exchange.ServiceList"
c.ExchangeFactory.fetch_feedback = "grader.service.student_exchange.ServiceFetchFeedback"
