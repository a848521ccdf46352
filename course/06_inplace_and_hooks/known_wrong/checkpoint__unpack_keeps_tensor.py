# visible: passes
# mistake: leaves tensor i in the recomputation after handing it out
# why: a tensor read twice in one backward pass is handed out again instead of raising torch's error, so a backward that reads ctx.saved_tensors twice goes on silently where torch stops it.
# see: Trading memory for time: checkpointing
# hint: once unpack has handed out tensor i, should the frame still hold it?
class _Frame:
    """One ``checkpoint`` call: how to run ``function`` again, and what the last run saved."""

    def __init__(self, function: Callable[..., Any], args: tuple, kwargs: dict,
                 preserve_rng_state: bool) -> None:
        self.function, self.kwargs = function, kwargs
        self.positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
        self.others = [None if isinstance(a, Tensor) else a for a in args]
        self.saver: FunctionCtx | None = None
        if is_grad_enabled():
            anchor = Tensor(np.empty(0), requires_grad=True)
            self.saver = _SaveInputs.apply(anchor, *(args[i] for i in self.positions)).grad_fn
        self.rng_state = creation.get_rng_state() if preserve_rng_state else None
        self.count = 0  # tensors packed in forward
        self.recomputed: dict[int, Tensor] = {}
        self.task: int | None = None

    def pack(self, tensor: Tensor) -> int:
        """Keep only the tensor's place in the order of saving."""
        self.count += 1
        return self.count - 1

    def unpack(self, i: int) -> Tensor:
        """Tensor ``i`` of a recomputation (made at the first unpack of each backward pass)."""
        task = current_graph_task()
        if task != self.task:
            self.recompute()
            self.task = task
        if i not in self.recomputed:
            raise RuntimeError(TWICE_MESSAGE)
        return self.recomputed[i]

    def recompute(self) -> None:
        """Run ``function`` again on the saved inputs, keeping every tensor it saves."""
        args = list(self.others)
        for position, tensor in zip(self.positions, self.saver.saved_tensors, strict=True):
            args[position] = tensor
        kept: list[Tensor] = []

        def keep(t: Tensor) -> int:
            kept.append(t.detach())
            return len(kept) - 1

        before = creation.get_rng_state()
        if self.rng_state is not None:
            creation.set_rng_state(self.rng_state)
        try:
            with enable_grad(), saved_tensors_hooks(keep, lambda i: i):
                self.function(*args, **self.kwargs)
        finally:
            creation.set_rng_state(before)
        if len(kept) != self.count:
            raise RuntimeError(f"a different number of tensors was saved: {len(kept)} in the "
                               f"recomputation, {self.count} in forward")
        self.recomputed = dict(enumerate(kept))
