# visible: fails
# mistake: breadth-first instead of depth-first
# why: a node reached by a short path and by a long path is listed after the short one, before the nodes of the long path that still send it gradients.
# see: Why the order matters
# hint: when may a node be listed: once one node that sends to it is listed, or once all of them are?
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
