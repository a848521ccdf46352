# visible: fails
# mistake: pre-order instead of post-order
# why: a node is listed when it is first reached, before the other paths to it have been walked, so a node can come before a node that sends to it.
# see: Finding one: post-order depth-first search
# hint: a node is finished only when all the nodes it sends to are finished: when is that?
def topological_order(root):
    order = []
    visited = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node in visited:
            continue
        visited.add(node)
        order.append(node)
        for child, _ in node.next_functions:
            if child is not None and child not in visited:
                stack.append(child)
    return order
