"""Autograding a class: a pipeline of small named steps on top of nbgrader.

``collect``   find every (student, assignment) in SUBMISSIONS (a folder or a zip) and snapshot it
``sanitise``  check a notebook is valid JSON, drop files that shadow trusted modules
``execute``   nbgrader's Execute with limits: time per cell and notebook, memory, output bytes
``sandbox``   a kernel manager that starts the kernel under bubblewrap
``verify``    zero every test cell that did not print its grading-time completion mark
``worker``    grade one job in its own nbgrader course directory (one process per job at a time)
``score``     read a job's gradebook: per-cell and per-exercise scores; merge into the class gradebook
``report``    grades.csv (nbgrader's export), status.csv, scores_by_exercise.csv, the grade table
``runner``    the whole run: parallel workers, progress, resume, resubmission history
``check``     a self-learner's offline check of one notebook
"""
