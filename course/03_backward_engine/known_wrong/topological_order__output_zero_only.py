# visible: passes
# mistake: follows only edges with output_nr 0
# why: the pair (node, output_nr) is read as (node, flag), so a node reached only through the second output of a two-output node is missing from the order.
# see: Exercise 1 · `topological_order` (2 points)
# hint: which edges lead to nodes reachable from the root, and does the number beside each node change that?
def topological_order(root):
    visited = set()
    finished = []
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            finished.append(node)
            continue
        if node in visited:
            continue
        visited.add(node)
        stack.append((node, True))
        for child, nr in node.next_functions:
            if child is not None and nr == 0 and child not in visited:
                stack.append((child, False))
    return finished[::-1]
