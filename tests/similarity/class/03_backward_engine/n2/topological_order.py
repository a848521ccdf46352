# source: written for this set
def topological_order(root):
    out, seen = [], set()
    stack = [(root, iter(n for n, _ in root.next_functions if n is not None))]
    seen.add(root)
    while stack:
        node, kids = stack[-1]
        kid = next(kids, None)
        if kid is None:
            stack.pop()
            out.append(node)
        elif kid not in seen:
            seen.add(kid)
            stack.append((kid, iter(n for n, _ in kid.next_functions if n is not None)))
    return out[::-1]
