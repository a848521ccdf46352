# visible: fails
# mistake: the outer block wins
# why: the new pair goes to the front of the stack, but current_hooks() reads its end, so a tensor saved in an inner block is packed by the outer block's hooks.
# see: Saved-tensor hooks
# hint: which end of _hooks_stack does current_hooks() read, and which end must the newest pair be on?
def push_saved_tensors_hooks(pack, unpack):
    _hooks_stack.insert(0, (pack, unpack))


def pop_saved_tensors_hooks():
    _hooks_stack.pop(0)


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc):
        pop_saved_tensors_hooks()
