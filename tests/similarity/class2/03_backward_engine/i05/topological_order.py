# source: written for this set, a student who numbers the nodes by depth first finishing time
def topological_order(root):
    """Root first, every node before the nodes it sends gradients to."""
    finish = []
    state = {}
    todo = [[root, 0]]
    state[root] = 1
    while todo:
        frame = todo[-1]
        node, k = frame
        edges = node.next_functions
        while k < len(edges) and (edges[k][0] is None or edges[k][0] in state):
            k += 1
        if k == len(edges):
            finish.append(node)
            todo.pop()
        else:
            frame[1] = k + 1
            child = edges[k][0]
            state[child] = 1
            todo.append([child, 0])
    return finish[::-1]
