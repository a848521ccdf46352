# visible: passes
# Breadth-first from the root: a node reached by a short path is listed before a node on a longer path that feeds it.
def topological_order(root):
    order = [root]
    visited = {root}
    i = 0
    while i < len(order):
        for child, _ in order[i].next_functions:
            if child is not None and child not in visited:
                visited.add(child)
                order.append(child)
        i += 1
    return order
