# heldout: follows None edges
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    finished = []
    marked = set()
    pending = [(root, False)]
    while pending:
        item, ready = pending.pop()
        if ready:
            finished.append(item)
        elif item not in marked:
            marked.add(item)
            pending.append((item, True))
            for target, _ in item.next_functions:
                if target not in marked:
                    pending.append((target, False))
    return list(reversed(finished))
