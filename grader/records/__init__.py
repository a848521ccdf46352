"""What a grading run records about one job and is told to do: ``jobs`` (``JobSpec``, ``JobResult``,
``Status``: one job as typed records) and ``settings`` (every setting of a run, in one object)."""
