# visible: fails
# mistake: follows None edges
# why: a constant input (like the 1.0 in y * 1.0) has None in next_functions; the search pushes it like a node and then asks None for its next_functions.
# see: The graph, as the engine sees it
# hint: what does a None entry of next_functions stand for, and does it belong in the order?
def topological_order(root):
    order = []
    visited = set()
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            for child, _ in node.next_functions:
                if child not in visited:
                    stack.append((child, False))
    return order[::-1]
