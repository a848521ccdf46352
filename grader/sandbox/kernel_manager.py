"""Start each grading kernel in a sandbox (bubblewrap), or plainly, with a warning, without it.

The kernel runs student code, so it gets as little as it can work with:

- **another user, no capabilities**: as root, bubblewrap sets up the mounts and ``setpriv`` then
  becomes ``nobody`` (uid/gid 65534, no groups, no capabilities, an empty bounding set) inside;
  run by another user, a user namespace maps the kernel to uid 65534 with no capabilities;
- **its own pid, network, IPC and UTS namespaces**: it sees only its own processes (no
  ``/proc/<pid>/root`` of a host process), has no network, and reaches no host socket (abstract
  sockets belong to the network namespace). ipykernel would exit in a pid namespace because it
  polls its parent's pid (``JPY_PARENT_PID``): the variable is unset inside;
- **a filesystem built from a list**, not the host's with holes: an empty root with, read-only,
  ``/usr``, of ``/etc`` only what dynamic linking, the time zone and fonts need (``ETC_KEPT``),
  the links ``/bin``, ``/lib`` ..., the Python installation and environment, ``autograd_lib`` (the
  chapter's library build where the run has one) and ``kernel_agent``; for a chapter whose
  kernel goes without a package (chapter 9: torch), a stub mounted over each of its folders.
  Everything it can write is a size-limited tmpfs of its own, inside the sandbox: its working folder (holding only the
  course's files for the chapter, read-only), ``/tmp``, ``/dev/shm`` and its home folder
  ``KERNEL_HOME`` (``HOME``, ``MPLCONFIGDIR``, ``IPYTHONDIR``, the XDG cache and config folders);
  their contents are memory and count against the memory limit (``kernel_limits``). The only host
  folder it gets is its socket folder. The repository, other checkouts, the course, the
  submissions, OUT, the home folders and every host socket are simply not there;
- **its own standard streams and environment**: stdin, stdout and stderr go to ``/dev/null`` (not
  to the grader's log), and the environment is built from a short allow-list plus the grader's
  own variables: the grader's secrets are not passed on.

The grader reads nothing back from the kernel's folders except its sockets. Once the kernel has
started (no student code has run yet), ``seal_sockets`` makes the socket folder read-only in the
kernel's own mount namespace (and, as root, takes the folder and the connection file back from
``nobody``): the kernel can neither put a byte on the host's disk through it nor replace a socket
with a link the grader's client would follow. Facts this relies on are in DESIGN section 8.
"""

from __future__ import annotations

import os
import subprocess
import uuid

import psutil
import zmq
from jupyter_client.manager import AsyncKernelManager
from traitlets import Bool, Dict, List, Unicode

from grader.sandbox import kernel_limits
from grader.sandbox.policy import (
    MAX_MESSAGE_BYTES,
    SANDBOX_GID,
    SANDBOX_UID,
    kernel_environment,
    sandbox_prefix,
)
from grader.sandbox.socket_seal import remount_read_only


class CourseKernelManager(AsyncKernelManager):
    """A kernel manager that adds grading variables to the kernel's environment, can start the
    kernel through the sandbox (under a memory cgroup where one can be had), and connects to it
    once (no reconnection to a replaced socket)."""

    extra_env = Dict(help="variables added to the kernel's environment").tag(config=True)
    sandbox_ro_binds = List(Unicode(), help="host paths the kernel sees read-only (src:dest)").tag(config=True)
    sandbox_rw_binds = List(Unicode(), help="host folders writable inside the sandbox").tag(config=True)
    sandbox_work = Unicode("", help="the kernel's working folder: a small tmpfs").tag(config=True)
    sandbox_files = List(Unicode(), help="the course's files, put read-only into the working folder").tag(
        config=True)
    sandbox_home_files = List(Unicode(), help="host files put read-only into the kernel's home (src:dest)").tag(
        config=True)
    sandbox = Unicode("", help="path of bwrap, empty for no sandbox").tag(config=True)
    socket_dir = Unicode("", help="the folder of the kernel's ipc sockets, sealed once it runs").tag(config=True)
    warm = Bool(False, help="fork the kernel from a template (warm_kernels) instead of starting it").tag(
        config=True)
    #: Set by the executor before the kernel starts: the memory limit, and (cold) the meter that
    #: holds it and the command prefix that puts the kernel under it. A warm kernel brings its own.
    memory_bytes: int = 2048 * 2**20
    meter = None
    memory_prefix: list[str] = []

    async def _async_pre_start_kernel(self, **kw):
        if self.warm and self.provisioner is None:
            from grader.sandbox.warm_provisioner import WarmProvisioner

            self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or uuid.uuid4().hex
            self.provisioner = WarmProvisioner(kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
            self.provisioner.spec = self._warm_spec(kw.get("extra_arguments") or [])
        return await super()._async_pre_start_kernel(**kw)

    def _warm_spec(self, arguments: list[str]):
        from grader.sandbox.warm_kernels import KernelSpec

        env = {**kernel_environment(os.environ), **self.extra_env}
        return KernelSpec.of(self.sandbox, list(self.sandbox_ro_binds), list(self.sandbox_files),
                             list(self.sandbox_home_files), env, arguments, self.memory_bytes)

    def client(self, **kwargs):
        client = super().client(**kwargs)
        # Set before the channels make their sockets: a flood of bytes cannot fill our memory.
        client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)
        return client

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        kw["env"] = {**kernel_environment(kw.get("env") or os.environ), **self.extra_env}
        kw["stdin"] = kw["stdout"] = kw["stderr"] = subprocess.DEVNULL  # never the grader's log
        if self.warm:
            await super()._async_launch_kernel(kernel_cmd, **kw)
            self.meter = self.provisioner.kernel.meter
            return
        if self.sandbox:
            cwd = kw.get("cwd") or os.getcwd()
            if os.geteuid() == 0 and os.path.exists(self.connection_file):
                os.chown(self.connection_file, SANDBOX_UID, SANDBOX_GID)
            kernel_cmd = sandbox_prefix(
                self.sandbox,
                ro_binds=[tuple(b.split(":", 1)) for b in self.sandbox_ro_binds],
                rw_binds=list(self.sandbox_rw_binds),
                work=self.sandbox_work or str(cwd),
                files=list(self.sandbox_files),
                home_files=[tuple(b.split(":", 1)) for b in self.sandbox_home_files],
                cwd=str(cwd),
                pids_cgroup=getattr(self.meter, "pids", None) is not None,
            ) + list(kernel_cmd)
        return await super()._async_launch_kernel(list(self.memory_prefix) + list(kernel_cmd), **kw)

    async def _async_interrupt_kernel(self) -> None:
        """Interrupt by message when sandboxed: a SIGINT to the process group would also reach
        bwrap, which dies of it and takes the kernel with it."""
        if not self.sandbox or not self.has_kernel:
            return await super()._async_interrupt_kernel()
        msg = self.session.msg("interrupt_request", content={})
        self._connect_control_socket()
        self.session.send(self._control_socket, msg)

    interrupt_kernel = _async_interrupt_kernel

    @property
    def warm_kernel(self):
        """The warm kernel this manager runs (None for a cold one)."""
        return getattr(self.provisioner, "kernel", None) if self.warm else None

    @property
    def process_pid(self) -> int | None:
        """The host pid of the process at the top of the kernel's tree (bwrap, when sandboxed)."""
        process = getattr(self.provisioner, "process", None)
        return getattr(process, "pid", None)

    def kernel_pid(self) -> int | None:
        """The host pid of the Python process that runs the notebook (a signal goes there)."""
        if self.warm_kernel is not None:
            return self.warm_kernel.kernel_pid()
        top = self.process_pid
        if top is None:
            return None
        for process in kernel_limits.tree_processes(top):
            try:
                command = process.cmdline()
            except psutil.Error:
                continue
            if command and os.path.basename(command[0]).startswith("python") and "ipykernel_launcher" in command:
                return process.pid  # not bwrap nor the shell, whose arguments name it too
        return None if self.sandbox else top

    def seal_sockets(self) -> None:
        """Once the kernel has made its sockets: make their folder read-only for the kernel, so
        that it can neither write to the host's disk through it nor replace a socket with a link
        the grader's client would follow on a reconnect."""
        warm = self.warm_kernel
        folder = str(warm.sockets) if warm is not None else self.socket_dir
        if not (self.sandbox and folder):
            return
        if os.geteuid() == 0:
            for path in (self.connection_file, str(warm.connection_file) if warm else ""):
                if path and os.path.exists(path):
                    os.chown(path, 0, 0)
            os.chown(folder, 0, 0)
            os.chmod(folder, 0o755)
        pid = self.kernel_pid()
        problem = "no kernel process" if pid is None else \
            remount_read_only(pid, folder, user_namespace=os.geteuid() != 0)
        if problem:
            raise RuntimeError(f"the kernel's socket folder could not be sealed: {problem}")
