"""Building the course: from the authored chapters in ``course/`` to nbgrader's notebooks.

- ``model``: what a chapter is (``Chapter``, ``Exercise``, the kinds of cell, the markers of
  solutions and hidden tests) and how its MyST text becomes nbgrader's source notebook.
- ``nbgrader_setup``: the nbgrader configuration every course directory uses, and one such
  directory (``NbgraderCourse``).
- ``build``: ``python -m grader build``: ``assignments/`` and executed ``solutions/``.
- ``run_notebook``: execute a notebook top to bottom, the same way on every run.
"""
