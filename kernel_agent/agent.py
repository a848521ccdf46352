"""Perform the judge's operations on the student's objects and answer with plain data.

A request is a batch of operations, run in order, as Python would run the judge's test line by
line. Each operation that makes a value stores it under a reference number the judge chose
(``out``), so that later operations of the same batch can use it without a round trip. The batch
stops at the first operation that raises; the reply names it and carries the exception as data.

=============  ==================================================================================
``global``     a name of the notebook (``namespace[name]``)
``import``     a module, by name
``getattr``    ``getattr(obj, name)``
``call``       ``fn(*args, **kwargs)``
``operator``   a function of the ``operator`` module (``mul``, ``matmul``, ``getitem``, ...)
``value``      a value sent by the judge (an array, a number), kept as a kernel object
``setattr``    ``setattr(obj, name, value)``; ``delattr`` likewise
``setglobal``  ``namespace[name] = value``; ``delglobal`` likewise
``swapglobal`` bind a name and keep what it was bound to; ``restoreglobal`` puts that back
``exec``       run helper code written by the course in a copy of the notebook's namespace;
               the result is that namespace, as an object with attributes
``fetch``      the value, encoded for the wire (``kernel_agent.wire``), into the reply
``release``    put the library's code of a graded exercise back (``kernel_agent.release``)
``withhold``   take every released function's code away again (rehearsals only)
``stand_down`` switch kept functions off while their own exercise is judged; ``stand_up`` undoes it
``guard``      what the runtime guard refused so far (``kernel_agent.guard``), a list of texts
=============  ==================================================================================

``reset`` in a request forgets every reference (the judge sends it after each test cell). An
operation marked ``always`` runs even after an earlier one failed (the judge leaves a ``with``
block that way), its own error ignored.
"""

from __future__ import annotations

import importlib
import json
import operator
import types
from typing import Any

from kernel_agent import release, wire

TARGET = "kernel_agent"
_MISSING = object()  # what ``swapglobal`` keeps for a name that was not bound
OPERATORS = {
    name: getattr(operator, name)
    for name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "neg", "pos", "abs",
                 "getitem", "setitem", "iadd", "isub", "imul", "itruediv", "imatmul", "ipow", "lt", "le",
                 "gt", "ge", "eq", "ne", "contains", "not_", "truth", "index", "length_hint")
}
OPERATORS["len"] = len
OPERATORS["iter_list"] = list  # materialise an iterable (a generator of parameters, say)
OPERATORS["isinstance"] = isinstance
OPERATORS["type"] = type
OPERATORS["id_of"] = id


class Agent:
    """The table of references and the operations on them, for one namespace."""

    def __init__(self, namespace: dict | None = None, guard_report=None):
        self._namespace = namespace
        self._guard_report = guard_report or (lambda: [])
        self.objects: dict[int, Any] = {}
        self._numbers: dict[int, int] = {}  # id(object) -> the number it was fetched under
        self._next = -1

    @property
    def namespace(self) -> dict:
        if self._namespace is not None:
            return self._namespace
        from IPython import get_ipython

        return get_ipython().user_ns

    # -- references -------------------------------------------------------------------------

    def remember(self, value: Any) -> int:
        """A number for ``value``, the same each time the same object is fetched."""
        number = self._numbers.get(id(value))
        if number is not None and self.objects.get(number) is value:
            return number
        number = self._next
        self._next -= 1
        self.objects[number] = value
        self._numbers[id(value)] = number
        return number

    def resolve(self, number: int) -> Any:
        if number not in self.objects:
            raise LookupError(f"the kernel holds no object under reference {number}")
        return self.objects[number]

    def reset(self) -> None:
        self.objects.clear()
        self._numbers.clear()
        self._next = -1

    # -- a request ----------------------------------------------------------------------------

    def handle(self, request: str) -> str:
        """Run one batch (a JSON text) and return the reply (a JSON text)."""
        batch = json.loads(request)
        if batch.get("reset"):
            self.reset()
        results: dict[str, Any] = {}
        failure = None
        ran = 0
        encoder = wire.Encoder(self.remember)
        for index, op in enumerate(batch.get("ops", [])):
            if failure is not None:
                if op.get("always"):  # leave a context the judge entered, whatever happened inside
                    try:
                        self._run(op, results, encoder)
                    except BaseException:
                        pass
                continue
            try:
                self._run(op, results, encoder)
            except BaseException as error:  # a student's code may raise anything, even SystemExit
                failure = {"index": index, "error": wire.encode_error(error)}
                continue
            ran += 1
        try:
            return wire.dumps({"results": results, "failure": failure, "ran": ran})
        except BaseException as error:
            return wire.dumps({"results": {}, "failure": {"index": ran, "error": wire.encode_error(error)},
                               "ran": ran})

    def _run(self, op: dict, results: dict, encoder: wire.Encoder) -> None:
        kind = op["op"]
        arguments = self._arguments
        if kind == "fetch":
            results[str(op["out"])] = encoder.encode(self.resolve(op["obj"]))
            return
        if kind == "global":
            namespace = self.namespace
            if op["name"] not in namespace:
                raise NameError(f"name {op['name']!r} is not defined in the notebook")
            value = namespace[op["name"]]
        elif kind == "import":
            value = importlib.import_module(op["name"])
        elif kind == "getattr":
            value = getattr(self.resolve(op["obj"]), op["name"])
        elif kind == "call":
            value = self.resolve(op["fn"])(*arguments(op.get("args", [])), **dict(arguments(op.get("kwargs", []))))
        elif kind == "operator":
            value = OPERATORS[op["name"]](*arguments(op.get("args", [])))
        elif kind == "value":
            value = arguments(op["value"])
        elif kind == "exec":
            helpers = dict(self.namespace)
            helpers["__name__"] = "__course_helpers__"
            exec(compile(op["source"], "<course helpers>", "exec"), helpers)  # the course's own code
            value = types.SimpleNamespace(**{k: v for k, v in helpers.items() if not k.startswith("__")})
        elif kind == "setattr":
            setattr(self.resolve(op["obj"]), op["name"], arguments(op["value"]))
            return
        elif kind == "delattr":
            delattr(self.resolve(op["obj"]), op["name"])
            return
        elif kind == "setglobal":
            self.namespace[op["name"]] = arguments(op["value"])
            return
        elif kind == "delglobal":
            self.namespace.pop(op["name"], None)
            return
        elif kind == "swapglobal":
            value = self.namespace.get(op["name"], _MISSING)
            self.namespace[op["name"]] = arguments(op["value"])
        elif kind == "release":
            release.release(op["module"], op["skeleton"], list(op["qualnames"]))
            return
        elif kind == "withhold":
            release.withhold_again()
            return
        elif kind == "stand_down":
            release.stand_down(op["module"], op["skeleton"], list(op["qualnames"]), dict(op.get("stand_in", {})),
                               self.namespace)
            return
        elif kind == "stand_up":
            release.stand_up()
            return
        elif kind == "guard":
            value = self._guard_report()
        elif kind == "restoreglobal":
            saved = self.resolve(op["saved"])
            if saved is _MISSING:
                self.namespace.pop(op["name"], None)
            else:
                self.namespace[op["name"]] = saved
            return
        else:
            raise ValueError(f"unknown operation {kind!r}")
        self.objects[op["out"]] = value

    def _arguments(self, value: Any) -> Any:
        return wire.decode_arguments(value, self.resolve)


_PENDING: list = []  # what ``leave`` does, set up by ``register`` (emptied once done)


def register() -> None:
    """Make this kernel gradable, before any student cell runs (done when this module is imported
    in a kernel): install the runtime guard (``kernel_agent.guard``), take the working folder off
    ``sys.path`` (no module beside the notebook, or written there at run time, is importable),
    and listen for the judge on the comm target ``kernel_agent``. ``leave`` comes next."""
    import os
    import sys

    here = os.getcwd()
    sys.path[:] = [p for p in sys.path if p not in ("", ".", here)]
    try:
        from comm import get_comm_manager
        from IPython import get_ipython
    except ImportError:
        return
    if get_ipython() is None:
        return
    from kernel_agent.guard import install

    report, seal = install()
    the_agent = Agent(guard_report=report)

    def opened(comm, open_msg) -> None:
        def on_message(msg) -> None:
            request = msg["content"]["data"].get("request", "{}")
            comm.send({"reply": the_agent.handle(request)})

        comm.on_msg(on_message)
        comm.send({"ready": True})

    get_comm_manager().register_target(TARGET, opened)
    _PENDING[:] = [seal]


def leave() -> None:
    """Take the agent out of ``sys.modules`` and seal the guard: the agent's state is then not
    reachable by a cached import, and importing it again is refused. Called once the import is
    done (the kernel's start-up, ``grader.pipeline.nbgrader_steps.AGENT_START``): a module cannot leave
    ``sys.modules`` while it is being imported."""
    import sys

    for name in [m for m in sys.modules if m == "kernel_agent" or m.startswith("kernel_agent.")]:
        del sys.modules[name]
    for seal in _PENDING:
        seal()
    _PENDING.clear()


register()
