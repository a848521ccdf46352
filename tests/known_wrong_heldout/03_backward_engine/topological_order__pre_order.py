# heldout: pre-order instead of post-order
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    listing = []
    seen = set()
    stack = [root]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        listing.append(current)
        for child, _ in reversed(current.next_functions):
            if child is not None and child not in seen:
                stack.append(child)
    return listing
