# visible: fails
# mistake: packs a tensor saved twice only once
# why: the pack hook is wrapped so that a tensor it has seen gives back what it gave the first time, but torch calls pack once per save: x * x packs x twice.
# see: Saved-tensor hooks
# hint: how many times does MulBackward save a in a * a, and how many calls of pack does each save get?
def push_saved_tensors_hooks(pack, unpack):
    seen = {}

    def pack_once(t):
        if id(t) not in seen:
            seen[id(t)] = (t, pack(t))
        return seen[id(t)][1]

    _hooks_stack.append((pack_once, unpack))


def pop_saved_tensors_hooks():
    _hooks_stack.pop()


class saved_tensors_hooks:
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook = pack_hook
        self.unpack_hook = unpack_hook

    def __enter__(self):
        push_saved_tensors_hooks(self.pack_hook, self.unpack_hook)

    def __exit__(self, *exc):
        pop_saved_tensors_hooks()
