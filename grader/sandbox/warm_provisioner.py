"""A jupyter_client kernel provisioner that hands nbgrader's Execute a warm kernel.

nbgrader's ``Execute`` (nbclient) starts its kernel through a ``KernelManager``, which asks its
provisioner to launch the kernel and then talks to it over the connection the provisioner
returns. ``WarmProvisioner`` launches nothing: it takes a kernel forked from this worker's template
for the chapter (``templates``), returns that kernel's connection, and answers jupyter_client's
questions about its process (``poll``, ``wait``, ``send_signal``, ``kill``) for the forked child,
which is not this process's child. ``cleanup`` destroys the kernel: it is used once.
"""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Any

import psutil
from jupyter_client.provisioning.provisioner_base import KernelProvisionerBase

from grader.sandbox import kernel_limits
from grader.sandbox.warm_kernels import KernelSpec, WarmKernel, templates


class WarmProvisioner(KernelProvisionerBase):
    """Provisions a warm kernel for ``spec`` (see the module doc)."""

    spec: KernelSpec | None = None
    kernel: WarmKernel | None = None

    @property
    def process(self) -> psutil.Process | None:
        """The kernel's forked child (the top of its process tree), for the limits' watchdog."""
        if self.kernel is None:
            return None
        try:
            return psutil.Process(self.kernel.pid)
        except psutil.Error:
            return None

    @property
    def has_process(self) -> bool:
        return self.kernel is not None and not self.kernel.closed

    async def poll(self) -> int | None:
        return None if self.kernel is not None and self.kernel.alive() else 0

    async def wait(self) -> int | None:
        while await self.poll() is None:
            await asyncio.sleep(0.1)
        return 0

    async def send_signal(self, signum: int) -> None:
        pid = self.kernel.kernel_pid() if self.kernel is not None else None
        if pid is not None:
            os.kill(pid, signum)

    async def kill(self, restart: bool = False) -> None:
        if self.kernel is not None:
            kernel_limits.kill_tree(self.kernel.pid)

    async def terminate(self, restart: bool = False) -> None:
        await self.send_signal(signal.SIGTERM)

    async def pre_launch(self, **kwargs: Any) -> dict[str, Any]:
        extra_arguments = kwargs.pop("extra_arguments", [])
        cmd = self.parent.format_kernel_cmd(extra_arguments=extra_arguments) if self.parent else []
        return await super().pre_launch(cmd=cmd, **kwargs)

    async def launch_kernel(self, cmd: list[str], **kwargs: Any):
        """Take a warm kernel (the one forked ahead, else a new one) of this provisioner's spec."""
        template = templates().template(self.spec)
        self.kernel = template.take(self.spec)
        return dict(self.kernel.connection_info)

    async def cleanup(self, restart: bool = False) -> None:
        if self.kernel is not None:
            self.kernel.template.release(self.kernel)

    def get_shutdown_wait_time(self, recommended: float = 5.0) -> float:
        return 2.0  # the kernel is destroyed anyway
