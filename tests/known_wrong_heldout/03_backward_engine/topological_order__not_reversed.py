# heldout: post-order not reversed
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    post = []
    seen = set()
    stack = [(root, False)]
    while stack:
        current, second_visit = stack.pop()
        if second_visit:
            post.append(current)
        elif current not in seen:
            seen.add(current)
            stack.append((current, True))
            stack.extend((child, False) for child, _ in current.next_functions
                         if child is not None and child not in seen)
    return post
