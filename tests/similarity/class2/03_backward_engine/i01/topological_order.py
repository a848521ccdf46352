# source: written for this set, a verbose student (explicit iterators, comments)
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    finished_nodes = []
    seen_nodes = {root}
    # each entry: a node and an iterator over the edges still to explore
    work_stack = [(root, iter(root.next_functions))]
    while len(work_stack) > 0:
        current_node, edge_iterator = work_stack[-1]
        pushed_child = False
        for child_node, _ in edge_iterator:
            if child_node is not None and child_node not in seen_nodes:
                seen_nodes.add(child_node)
                work_stack.append((child_node, iter(child_node.next_functions)))
                pushed_child = True
                break
        if not pushed_child:
            work_stack.pop()
            finished_nodes.append(current_node)
    finished_nodes.reverse()
    return finished_nodes
