"""The class run: find the jobs, prepare, grade them in a pool, merge, report (``README.md``).

``class_run``      the run, from SUBMISSIONS to OUT
``local_pool``     local worker processes; ``dask_pool``: the same on a Dask cluster
``progress``       one line per finished job
``learner_check``  ``grader check``: a self-learner's offline check of one notebook
"""
