"""Mirror of ``torch.autograd.graph``: ``saved_tensors_hooks`` and ``Node``.

``saved_tensors_hooks(pack, unpack)`` decides how the graph keeps the tensors it saves for
backward (``autograd_lib.saved_tensor``)::

    with saved_tensors_hooks(lambda t: t.data.astype(np.float16), lambda a: Tensor(a.astype(np.float64))):
        loss = model(x)          # each saved tensor is kept as float16
    loss.backward()              # and given back as float64 when backward needs it

``pack(tensor)`` runs when an op that records saves ``tensor`` (twice for a tensor saved twice);
``unpack(packed)`` runs each time backward (or a ``_saved_<name>`` attribute) uses it, again on
a second backward with ``retain_graph``. Nested contexts: the innermost wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from autograd_lib.node import Node
from autograd_lib.saved_tensor import pop_saved_tensors_hooks, push_saved_tensors_hooks


class saved_tensors_hooks:
    """Context manager: tensors saved for backward inside it are packed with ``pack_hook`` and
    unpacked with ``unpack_hook`` (torch's semantics; see the module doc)."""

    def __init__(self, pack_hook: Callable[[Any], Any], unpack_hook: Callable[[Any], Any]) -> None:
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self) -> None:
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc: object) -> None:
        pop_saved_tensors_hooks()


__all__ = ["Node", "saved_tensors_hooks"]
