# source: written for this set
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    post_order = []
    already_seen = set()
    # each entry is a node and the index of the next child to look at
    to_visit = [[root, 0]]
    already_seen.add(root)
    while len(to_visit) > 0:
        top = to_visit[-1]
        current_node = top[0]
        child_index = top[1]
        if child_index < len(current_node.next_functions):
            top[1] = child_index + 1
            child = current_node.next_functions[child_index][0]
            if child is not None and child not in already_seen:
                already_seen.add(child)
                to_visit.append([child, 0])
        else:
            # all children are done, so this node can go in the list
            to_visit.pop()
            post_order.append(current_node)
    post_order.reverse()
    return post_order
