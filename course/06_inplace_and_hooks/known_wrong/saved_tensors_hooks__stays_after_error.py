# visible: fails
# mistake: pops only when the block ends without an error
# why: a block left by an exception keeps its hooks on the stack, so every tensor saved afterwards, outside any block, is still packed by them.
# see: Saved-tensor hooks
# hint: Python calls __exit__ also when the block raises: what must it do then?
def push_saved_tensors_hooks(pack, unpack):
    _hooks_stack.append((pack, unpack))


def pop_saved_tensors_hooks():
    _hooks_stack.pop()


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            pop_saved_tensors_hooks()
