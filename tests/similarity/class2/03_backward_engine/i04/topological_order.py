# source: written for this set, breadth-first Kahn with a deque
from collections import deque


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    indegree: dict[Node, int] = {}
    queue = deque([root])
    discovered = {root}
    while queue:
        parent = queue.popleft()
        for child, _ in parent.next_functions:
            if child is None:
                continue
            indegree[child] = indegree.get(child, 0) + 1
            if child not in discovered:
                discovered.add(child)
                queue.append(child)
    result = []
    queue = deque([root])
    while queue:
        parent = queue.popleft()
        result.append(parent)
        for child, _ in parent.next_functions:
            if child is None:
                continue
            indegree[child] -= 1
            if not indegree[child]:
                queue.append(child)
    return result
