# heldout: returns reversed(...) instead of a list
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    finished = []
    seen = set()
    stack = [(root, False)]
    while stack:
        item, complete = stack.pop()
        if complete:
            finished.append(item)
            continue
        if item in seen:
            continue
        seen.add(item)
        stack.append((item, True))
        for child, _ in item.next_functions:
            if child is not None and child not in seen:
                stack.append((child, False))
    return reversed(finished)
