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
    the kernel process still runs.
    """

    def __init__(self, client, receive: Callable[[float], dict], interrupt: Callable[[], None],
                 alive: Callable[[], bool], *, grace: float = 5.0):
        self.client, self.receive, self.interrupt, self.alive, self.grace = client, receive, interrupt, alive, grace
        self.comm_id: str | None = None

    def open(self, timeout: float = 10.0) -> None:
        self.comm_id = uuid.uuid4().hex
        msg = self.client.session.msg("comm_open", {"comm_id": self.comm_id, "target_name": TARGET, "data": {}})
        self.client.shell_channel.send(msg)
        data = self._wait(msg["header"]["msg_id"], time.monotonic() + timeout)
        if data is None or data.get("ready") is not True:
            raise KernelGone("the grading agent did not answer in the kernel")

    def request(self, text: str, timeout: float) -> str:
        if self.comm_id is None:
            self.open()
        msg = self.client.session.msg("comm_msg", {"comm_id": self.comm_id, "data": {"request": text}})
        self.client.shell_channel.send(msg)
        msg_id = msg["header"]["msg_id"]
        data = self._wait(msg_id, time.monotonic() + timeout)
        if data is None:
            self.interrupt()
            data = self._wait(msg_id, time.monotonic() + self.grace)
            if data is None:
                raise KernelGone("the kernel did not stop when interrupted at the time limit")
        reply = data.get("reply")
        if type(reply) is not str:
            raise KernelTimeout("the kernel's agent sent no reply") if data.get("ready") else \
                KernelGone("the kernel's agent sent a malformed reply")
        return reply

    def _wait(self, msg_id: str, deadline: float) -> dict | None:
        """The data of the comm message that answers ``msg_id``, or None at the deadline."""
        checked = time.monotonic()
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
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
