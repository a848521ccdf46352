# source: written for this set, a student who peeks at the top of the stack
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    done = set()
    entered = set()
    stack = [root]
    post = []
    while stack:
        top = stack[-1]
        if top in done:
            stack.pop()
            continue
        if top in entered:
            stack.pop()
            done.add(top)
            post.append(top)
            continue
        entered.add(top)
        for child, _nr in reversed(top.next_functions):
            if child is not None and child not in entered:
                stack.append(child)
    return list(reversed(post))
