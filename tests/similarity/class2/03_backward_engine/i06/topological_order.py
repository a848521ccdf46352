# source: written for this set, a student who builds the reverse graph first
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    parents_left = {}
    nodes = [root]
    index = 0
    while index < len(nodes):
        for child, _ in nodes[index].next_functions:
            if child is not None:
                if child not in parents_left:
                    parents_left[child] = 0
                    nodes.append(child)
                parents_left[child] = parents_left[child] + 1
        index = index + 1
    ordered = []
    available = [root]
    while len(available):
        node = available.pop(0)
        ordered.append(node)
        for child, _ in node.next_functions:
            if child is None:
                continue
            parents_left[child] = parents_left[child] - 1
            if parents_left[child] == 0:
                available.append(child)
    return ordered
