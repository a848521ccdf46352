# heldout: in-degrees counted from edges only
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    # collect every edge of the graph
    links = []
    reached = {root}
    frontier = [root]
    while frontier:
        parent = frontier.pop()
        for child, _ in parent.next_functions:
            if child is None:
                continue
            links.append((parent, child))
            if child not in reached:
                reached.add(child)
                frontier.append(child)
    # Kahn's algorithm
    incoming = {}
    for parent, child in links:
        incoming.setdefault(parent, 0)
        incoming[child] = incoming.get(child, 0) + 1
    ready = [n for n, count in incoming.items() if count == 0]
    ordered = []
    while ready:
        n = ready.pop()
        ordered.append(n)
        for child, _ in n.next_functions:
            if child is None:
                continue
            incoming[child] -= 1
            if incoming[child] == 0:
                ready.append(child)
    return ordered
