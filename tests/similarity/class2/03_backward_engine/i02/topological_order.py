# source: written for this set, Kahn's algorithm over dependency counts
def topological_order(root):
    users = {root: 0}
    frontier = [root]
    while frontier:
        n = frontier.pop()
        for nxt, _ in n.next_functions:
            if nxt is None:
                continue
            if nxt not in users:
                users[nxt] = 0
                frontier.append(nxt)
            users[nxt] += 1
    ready, out = [root], []
    while ready:
        n = ready.pop()
        out.append(n)
        for nxt, _ in n.next_functions:
            if nxt is not None:
                users[nxt] -= 1
                if users[nxt] == 0:
                    ready.append(nxt)
    return out
