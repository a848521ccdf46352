# Wrong: __exit__ cuts the stack back to the depth its instance saw at __enter__, so re-entering one instance leaves a pair behind and any pair pushed inside the block by someone else is dropped too.
def push_saved_tensors_hooks(pack: Callable[[Any], Any], unpack: Callable[[Any], Any]) -> None:
    """Make ``(pack, unpack)`` the hooks used for every tensor saved from now on."""
    _hooks_stack.append((pack, unpack))


def pop_saved_tensors_hooks() -> None:
    """Go back to the hooks that were active before the last push."""
    _hooks_stack.pop()


class saved_tensors_hooks:
    """Context manager: tensors saved for backward inside it are packed with ``pack_hook`` and
    unpacked with ``unpack_hook``."""

    def __init__(self, pack_hook: Callable[[Any], Any], unpack_hook: Callable[[Any], Any]) -> None:
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self) -> None:
        self.depth = len(_hooks_stack)
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc: object) -> None:
        del _hooks_stack[self.depth:]  # back to the stack as it was before this block
