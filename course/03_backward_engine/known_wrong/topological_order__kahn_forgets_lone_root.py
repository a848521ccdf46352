# visible: fails
# mistake: in-degrees counted from edges only
# why: the nodes are collected from the edges, so a root with no edges at all (a leaf's lone AccumulateGrad) is never listed and the order is empty.
# see: Exercise 1 · `topological_order` (2 points)
# hint: which nodes does your order hold when the root sends gradients nowhere?
def topological_order(root):
    incoming = {}
    stack, seen = [root], {root}
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            incoming.setdefault(node, 0)
            incoming[child] = incoming.get(child, 0) + 1
            if child not in seen:
                seen.add(child)
                stack.append(child)
    ready = [node for node, count in incoming.items() if count == 0]
    order = []
    while ready:
        node = ready.pop()
        order.append(node)
        for child, _ in node.next_functions:
            if child is None:
                continue
            incoming[child] -= 1
            if incoming[child] == 0:
                ready.append(child)
    return order
