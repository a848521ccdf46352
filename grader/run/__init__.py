"""The class run: find the jobs, prepare, grade them in a pool, merge, report (``README.md``).

``class_run``      the run, from SUBMISSIONS to OUT (``Run``: what a run prepares once)
``local_pool``     local worker processes; ``dask_pool``: the same on a Dask cluster
``locks``          one run at a time per OUT and per SQLite class gradebook
``out_folder``     feedback published, superseded results archived, seeds read back
``progress``       one line per finished job; ``console``: the run's last lines (kernels, limits)
``learner_check``  ``grader check``: a self-learner's offline check of one notebook
"""
