# visible: fails
# mistake: pops the first pair instead of the last
# why: leaving an inner block takes off the outer block's hooks and leaves the inner ones, so a tensor saved after the inner block, still in the outer one, is packed by the inner hooks.
# see: Saved-tensor hooks
# hint: the pair to take off is the one the block itself put on: where on the stack is it?
def push_saved_tensors_hooks(pack, unpack):
    _hooks_stack.append((pack, unpack))


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
