# copy of solution: every name changed, the children loop turned into an extend over a comprehension, the reversal done with reverse(), comments added, a dead line
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    finished: list[Node] = []
    marked: set[Node] = set()
    work: list[tuple[Node, bool]] = [(root, False)]
    depth = 0
    while work:
        current, second_visit = work.pop()
        if second_visit:
            # all children are already in the list
            finished.append(current)
        elif current not in marked:
            marked.add(current)
            work.append((current, True))
            work.extend([(c, False) for c, _ in current.next_functions if c is not None and c not in marked])
    finished.reverse()
    return finished
