"""The warm kernel's template: a process that has imported what a grading kernel needs, and forks
a fresh, isolated kernel per submission.

The grader (``grader/sandbox/warm_kernels.py``) starts one template per worker and chapter build inside a
bubblewrap sandbox whose filesystem is the kernel's (the system, the Python environment, the
chapter's ``autograd_lib`` build at the installed package's path, ``kernel_agent``). The template
imports numpy, torch (unless the chapter's kernel goes without it), matplotlib, ``autograd_lib`` and
ipykernel, and never runs student code; it
starts no thread and no zmq context, so that a fork of it is a whole process.

- ``server``: the template's loop: read a request, fork, answer with the child's pid.
- ``isolation``: what the child does first: its own user, pid, network, mount, IPC and UTS
  namespaces, its own folders (size-limited tmpfs mounts), every privilege dropped.
- ``start``: what the kernel does then: fresh random states, its environment, its standard streams,
  the kernel's start-up (``import kernel_agent.agent``), ipykernel.

Like ``kernel_agent``, this package trusts nothing and nothing trusts it: it runs on the untrusted
side of the boundary, before any student code, and holds nothing a kernel could use.
"""
