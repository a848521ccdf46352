# visible: fails
# mistake: pushes the pair in the wrong order
# why: the stack holds (unpack, pack), so the graph calls unpack_hook when it saves a tensor and pack_hook when backward uses it.
# see: Saved-tensor hooks
# hint: current_hooks() returns the pair as (pack, unpack): which of your two hooks must come first?
def push_saved_tensors_hooks(pack, unpack):
    _hooks_stack.append((pack, unpack))


def pop_saved_tensors_hooks():
    _hooks_stack.pop()


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        push_saved_tensors_hooks(self.unpack_hook, self.pack_hook)

    def __exit__(self, *exc):
        pop_saved_tensors_hooks()
