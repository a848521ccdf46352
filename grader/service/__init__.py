"""The grading service of the hosted course: each submission graded as it arrives, its feedback
released to that attempt, with per-chapter attempt limits.

JupyterHub starts it as a managed service (``deploy/jupyterhub/jupyterhub_config.py``), as the
instructor, and restarts it if it dies. It

1. watches the exchange's ``inbound/`` folder and collects each new submission as the student
   really sent it (``collect``): the folder must belong to the user its name claims, nothing is
   read through a link, only the submitter's regular files are taken, the time is the exchange's;
2. records every attempt in its ledger (``ledger``, SQLite) and decides what becomes of it: graded,
   unchanged (the same files as the attempt before), held for review (``copies``: the notebook is
   the instructor's source or another student's), or kept but not graded, past the chapter's
   attempt limit (``policy``);
3. grades the attempts in order of arrival with ``python -m grader autograde``'s own code
   (``grading``: ``runner.Run``, the pools, ``worker.grade_job``), resumably: a restart loses
   nothing and grades nothing twice; a grading try that fails is made once more, then held;
4. puts the attempt that counts (the latest or the best) into the class gradebook (the
   instructor's nbgrader gradebook, which Formgrader shows), the course directory
   (``submitted/``, ``autograded/``) and its OUT folder (``grades.csv``, ``status.csv``, ...);
5. releases each attempt's feedback to the exchange under a secret of its own (``release``): the
   student's *Fetch Feedback* finds it through the service (``student_exchange``), never by a
   secret read from a submission;
6. serves, behind JupyterHub's login (``web``, ``pages``), each student's own attempts and the
   instructor's view of the queue, the held attempts and what was kept aside.

``python -m grader.service --help`` lists its commands (``run``, ``status``, ``grant``,
``release``).
"""
