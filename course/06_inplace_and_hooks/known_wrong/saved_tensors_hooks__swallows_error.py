# visible: passes
# mistake: __exit__ returns True
# why: a true value from __exit__ tells Python the error was handled, so an exception raised inside the block vanishes and the program runs on as if nothing had happened.
# see: Saved-tensor hooks
# hint: what does Python do with the exception when __exit__ returns a true value?
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
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc: object) -> bool:
        pop_saved_tensors_hooks()
        return True  # "also when the block raises": the hooks are gone, the error handled
