# unusual: depth-first search with a stack of (node, iterator over its children); finished nodes are put in front with a deque
# visible: passes
from collections import deque


def topological_order(root):
    finished = deque()
    visited = {root}
    stack = [(root, iter(root.next_functions))]
    while stack:
        node, children = stack[-1]
        for child, _ in children:
            if child is not None and child not in visited:
                visited.add(child)
                stack.append((child, iter(child.next_functions)))
                break
        else:
            stack.pop()
            finished.appendleft(node)
    return list(finished)
