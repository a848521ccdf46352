"""Grading a class on top of nbgrader (``README.md`` beside this file; ``../README.md`` for the layout).

``runner``          the run: find jobs, prepare, grade in a pool, merge, report
``submissions``     every (student, assignment) in SUBMISSIONS (a folder or a zip), fingerprints, snapshots
``template``        the assignments' source, release and empty gradebook, built once and cached
``jobs``            ``JobSpec``, ``JobResult``, ``Status``: one job as typed records
``local_pool``      local worker processes; ``dask_pool``: the same on a Dask cluster
``worker``          one job's named steps, in its own nbgrader course directory
``pipeline``        nbgrader's autograde steps and this project's (``preprocessors/``), in one list
``sandbox``         the kernel manager that starts kernels under bubblewrap
``kernel_limits``   memory in every form (a cgroup, or watched), processes (a pids cgroup) and CPU time of a
                    kernel's process tree
``warm/``           warm kernels: a template per worker and chapter build, a provisioner for nbgrader
``bookkeeping``     what nbgrader rebuilds per job and a worker keeps (compiled feedback templates)
``cleanup``         removing a folder a kernel wrote into, whatever it left
``intake``          notebooks that parse, grade ids, files that would shadow modules
``gradebook``       a job's own gradebook, read as plain data
``class_gradebook`` the class gradebook (SQLite or a server database); results merged in batches
``feedback``        feedback pages (``inert_html``: nothing in them can run)
``exports``         status.csv, scores_by_exercise.csv, the grade table; ``progress``: the progress line
``learner_check``   ``grader check``: a self-learner's offline check of one notebook
"""

import sys as _sys

# jsonschema imports ``rfc3987_syntax``, when installed, to check IRI formats: it builds a grammar
# at import, about 1 s of CPU in every grading process (the coordinator and each worker), and no
# schema nbformat or nbgrader checks uses those formats. jsonschema goes on without it.
_sys.modules.setdefault("rfc3987_syntax", None)
