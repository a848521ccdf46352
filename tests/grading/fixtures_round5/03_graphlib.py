import graphlib


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    parents, todo = {root: []}, [root]
    while todo:
        node = todo.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            if child not in parents:
                parents[child] = []
                todo.append(child)
            parents[child].append(node)
    return list(graphlib.TopologicalSorter(parents).static_order())
