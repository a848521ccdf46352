# copy of i04: every name changed, the two passes' deques renamed apart, the None tests inverted into guarded blocks, the in-degree update written with +=, the zero test written out
from collections import deque


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    arrivals: dict[Node, int] = {}
    found = {root}
    waves = deque([root])
    while waves:
        source = waves.popleft()
        for dest, _ in source.next_functions:
            if dest is not None:
                arrivals[dest] = arrivals.get(dest, 0)
                arrivals[dest] += 1
                if dest not in found:
                    found.add(dest)
                    waves.append(dest)
    ranked = []
    ready = deque([root])
    while ready:
        source = ready.popleft()
        ranked.append(source)
        for dest, _ in source.next_functions:
            if dest is not None:
                arrivals[dest] -= 1
                if arrivals[dest] == 0:
                    ready.append(dest)
    return ranked
