# source: written for this set, a student who inserts finished nodes at the front
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    from collections import deque
    result = deque()
    marked = set()
    pending = [(root, False)]
    while pending:
        item, expanded = pending.pop()
        if expanded:
            result.appendleft(item)
            continue
        if item in marked:
            continue
        marked.add(item)
        pending.append((item, True))
        pending.extend((c, False) for c, _ in item.next_functions if c is not None and c not in marked)
    return list(result)
