# source: written for this set, a student who counts unvisited parents with a dict comprehension
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    reach = [root]
    known = {root}
    for node in reach:  # the list grows while we walk it
        for child, _ in node.next_functions:
            if child is not None and child not in known:
                known.add(child)
                reach.append(child)
    parents = {node: 0 for node in reach}
    for node in reach:
        for child, _ in node.next_functions:
            if child is not None:
                parents[child] += 1
    order, ready = [], [root]
    while ready:
        node = ready.pop()
        order.append(node)
        for child, _ in node.next_functions:
            if child is not None:
                parents[child] -= 1
                if parents[child] == 0:
                    ready.append(child)
    return order
