"""How a batch of operations reaches the agent in the student's kernel, and its reply comes back.

- ``KernelChannel``: a Jupyter comm (target ``kernel_agent``) on the kernel's own connection. The
  request goes out on the shell channel; the reply comes back on IOPub, matched by the request's
  message id. Past the time limit the kernel is interrupted; a kernel that still does not answer
  is reported gone (the executor then kills it).
- ``LoopbackChannel``: the agent in this very process, on a namespace dict. The course's
  self-checks use it to run thousands of hidden tests fast; it isolates nothing and is never
  used to grade a student.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

from grader.judge.remote import KernelGone, KernelTimeout
from kernel_agent.agent import TARGET, Agent


class LoopbackChannel:
    """The agent in-process (self-checks only: see the module doc)."""

    def __init__(self, namespace: dict, guard_report=None):
        self.agent = Agent(namespace, guard_report)

    def request(self, text: str, timeout: float) -> str:
        return self.agent.handle(text)


class KernelChannel:
    """A comm to the agent of a running kernel (see the module doc).

    ``client`` is a jupyter_client kernel client; ``receive(timeout)`` returns its next IOPub
    message or raises on timeout; ``interrupt()`` interrupts the kernel; ``alive()`` says whether
    the kernel process still runs. A request's ``timeout`` is in seconds of ``clock`` (the
    executor's is the kernel's CPU time), with a backstop ``backstop`` times as long on ``wall``
    (the executor's does not count time the kernel waited for a busy processor).
    """

    def __init__(self, client, receive: Callable[[float], dict], interrupt: Callable[[], None],
                 alive: Callable[[], bool], *, grace: float = 5.0, clock: Callable[[], float] = time.monotonic,
                 backstop: float = 1.0, wall: Callable[[], float] = time.monotonic):
        self.client, self.receive, self.interrupt, self.alive, self.grace = client, receive, interrupt, alive, grace
        self.clock, self.backstop, self.wall = clock, backstop, wall
        self.comm_id: str | None = None

    def open(self, timeout: float = 10.0) -> None:
        self.comm_id = uuid.uuid4().hex
        msg = self.client.session.msg("comm_open", {"comm_id": self.comm_id, "target_name": TARGET, "data": {}})
        self.client.shell_channel.send(msg)
        data = self._wait(msg["header"]["msg_id"], timeout)
        if data is None or data.get("ready") is not True:
            raise KernelGone("the grading agent did not answer in the kernel")

    def request(self, text: str, timeout: float) -> str:
        if self.comm_id is None:
            self.open()
        msg = self.client.session.msg("comm_msg", {"comm_id": self.comm_id, "data": {"request": text}})
        self.client.shell_channel.send(msg)
        msg_id = msg["header"]["msg_id"]
        data = self._wait(msg_id, timeout)
        if data is None:
            self.interrupt()
            data = self._wait(msg_id, self.grace, on_clock=False)
            if data is None:
                raise KernelGone("the kernel did not stop when interrupted at the time limit")
        reply = data.get("reply")
        if type(reply) is not str:
            raise KernelTimeout("the kernel's agent sent no reply") if data.get("ready") else \
                KernelGone("the kernel's agent sent a malformed reply")
        return reply

    def _wait(self, msg_id: str, timeout: float, on_clock: bool = True) -> dict | None:
        """The data of the comm message that answers ``msg_id``, or None once ``timeout``
        seconds of ``clock`` (or ``backstop`` times as many wall-clock seconds) have passed."""
        checked = time.monotonic()
        deadline = self.clock() + timeout if on_clock else None
        wall = self.wall if on_clock else time.monotonic  # the grace after an interrupt: plain seconds
        wall_deadline = wall() + timeout * (self.backstop if on_clock else 1.0)
        while True:
            left = wall_deadline - wall()
            if left <= 0 or (deadline is not None and self.clock() >= deadline):
                return None
            try:
                msg = self.receive(min(0.5, left))
            except Exception:  # queue.Empty and the like: nothing arrived yet
                msg = None
            if msg is not None and msg.get("msg_type") == "comm_msg" \
                    and msg.get("parent_header", {}).get("msg_id") == msg_id:
                content = msg.get("content") or {}
                if content.get("comm_id") == self.comm_id and isinstance(content.get("data"), dict):
                    return content["data"]
            if time.monotonic() - checked > 1.0:
                checked = time.monotonic()
                if not self.alive():
                    raise KernelGone("the kernel died while the judge waited for it")
