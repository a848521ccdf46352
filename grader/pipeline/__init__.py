"""Grading one job: its named steps (``worker``) in its own nbgrader course directory.

``worker``          one job, step by step: intake, nbgrader's steps, feedback, its record
``nbgrader_steps``  nbgrader's autograde steps and this project's (``preprocessors/``), in one list
``template_course`` the run's template course: sources, releases, an empty gradebook, kernel libraries
``bookkeeping``     what nbgrader rebuilds per job and a worker keeps (compiled feedback templates)
``job_gradebook``   a job's own gradebook, read as plain data
"""
