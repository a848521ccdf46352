# source: written for this set, a student who keeps the children still to visit in lists
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    def children(node):
        return [c for c, _ in node.next_functions if c is not None]

    visited = {root}
    stack = [(root, children(root))]
    postorder = []
    while stack:
        node, rest = stack[-1]
        while rest and rest[-1] in visited:
            rest.pop()
        if rest:
            child = rest.pop()
            visited.add(child)
            stack.append((child, children(child)))
        else:
            stack.pop()
            postorder.append(node)
    return postorder[::-1]
