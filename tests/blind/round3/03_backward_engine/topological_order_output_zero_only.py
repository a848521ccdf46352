# Wrong: reads the pair (node, output_nr) as (node, flag) and follows only edges with output_nr 0, so a node reached only through output 1 of a multi-output node is missing.
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
