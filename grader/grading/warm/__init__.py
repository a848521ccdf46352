"""Warm, single-use kernels: forked from a template per worker and chapter build.

- ``templates``: the template processes of a worker (``kernel_template.server`` in a sandbox),
  and the kernels forked from them (``WarmKernel``), one forked ahead;
- ``provisioner``: jupyter_client's kernel provisioner that hands nbgrader's Execute a warm kernel,
  so that nbgrader stays the engine of record.
"""
