# copy of solution: every name changed, the type annotations dropped, the if/elif inverted (the not-visited test first), the docstring cut, the comment dropped
def topological_order(root):
    """Iterative post-order DFS, reversed."""
    out = []
    seen = set()
    todo = [(root, False)]
    while todo:
        fn, expanded = todo.pop()
        if not expanded:
            if fn in seen:
                continue
            seen.add(fn)
            todo.append((fn, True))
            for nxt, _ in fn.next_functions:
                if nxt is not None and nxt not in seen:
                    todo.append((nxt, False))
        else:
            out.append(fn)
    return out[::-1]
