# visible: passes
# mistake: visited nodes kept in a list
# why: each "visited?" check scans the list, so the walk takes time in proportion to the square of the graph's size: seconds for a chain of 10,000 nodes instead of milliseconds.
# see: Exercise 1 · `topological_order` (2 points)
# hint: which Python container answers "have I seen this node?" without looking at every node seen so far?
def topological_order(root):
    visited = []
    finished = []
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            finished.append(node)
            continue
        if node in visited:
            continue
        visited.append(node)
        stack.append((node, True))
        for child, _ in node.next_functions:
            if child is not None and child not in visited:
                stack.append((child, False))
    return finished[::-1]
