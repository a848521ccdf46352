# Wrong: push and pop at the same end, but the front of the list, while current_hooks reads the last entry: the outermost block wins instead of the innermost.
def push_saved_tensors_hooks(pack: Callable[[Any], Any], unpack: Callable[[Any], Any]) -> None:
    """Make ``(pack, unpack)`` the hooks used for every tensor saved from now on."""
    _hooks_stack.insert(0, (pack, unpack))


def pop_saved_tensors_hooks() -> None:
    """Go back to the hooks that were active before the last push."""
    _hooks_stack.pop(0)


class saved_tensors_hooks:
    """Context manager: tensors saved for backward inside it are packed with ``pack_hook`` and
    unpacked with ``unpack_hook``."""

    def __init__(self, pack_hook: Callable[[Any], Any], unpack_hook: Callable[[Any], Any]) -> None:
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self) -> None:
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc: object) -> None:
        pop_saved_tensors_hooks()
