"""Grading a class on top of nbgrader (``README.md`` beside this file; ``../README.md`` for the layout).

``runner``          the run: find jobs, prepare, grade in a pool, merge, report
``submissions``     every (student, assignment) in SUBMISSIONS (a folder or a zip), fingerprints, snapshots
``template``        the assignments' source, release and empty gradebook, built once and cached
``jobs``            ``JobSpec``, ``JobResult``, ``Status``: one job as typed records
``local_pool``      local worker processes; ``dask_pool``: the same on a Dask cluster
``worker``          one job's named steps, in its own nbgrader course directory
``pipeline``        nbgrader's autograde steps and this project's (``preprocessors/``), in one list
``sandbox``         the kernel manager that starts kernels under bubblewrap
``intake``          notebooks that parse, grade ids, files that would shadow modules
``gradebook``       a job's own gradebook, read as plain data
``class_gradebook`` the class gradebook (SQLite or a server database); results merged in batches
``feedback``        feedback pages (``inert_html``: nothing in them can run)
``exports``         status.csv, scores_by_exercise.csv, the grade table; ``progress``: the progress line
``learner_check``   ``grader check``: a self-learner's offline check of one notebook
"""
