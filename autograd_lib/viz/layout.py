"""Layered (Sugiyama-style) layout of a DAG, left to right, deterministic.

1. Layering: longest path from the sources (a node sits one layer right of its furthest
   input); a source is then pulled right next to its first consumer, so a weight used late
   in the graph is drawn beside the op that uses it.
2. Edges that span several layers get invisible dummy nodes, one per crossed layer; the
   edge is routed through them so it never cuts through a box.
3. Ordering within layers: repeated barycentre sweeps (a node moves to the mean position of
   its neighbours in the previous layer), keeping the ordering with fewest crossings.
4. Coordinates: each node is pulled towards the mean height of its neighbours, with a
   minimum gap between boxes (an exact isotonic-regression step), so chains stay straight.

No randomness: ties keep the input order, so the same graph always gets the same picture.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

Point = tuple[float, float]


@dataclass(frozen=True)
class Dummy:
    """A routing point of the long edge ``src -> dst`` in one intermediate layer."""

    src: Hashable
    dst: Hashable
    index: int


@dataclass
class Layout:
    """Node centres, edge routing points (two per crossed layer: its left and right side)
    and the drawing's extent."""

    positions: dict[Hashable, Point]
    layers: list[list[Hashable]]
    routes: dict[tuple[Hashable, Hashable], list[Point]] = field(default_factory=dict)
    width: float = 0.0
    height: float = 0.0
    direction: str = "LR"


def assign_layers(nodes: Sequence[Hashable], edges: Sequence[tuple[Hashable, Hashable]]) -> dict:
    """Longest-path layer of every node (sources 0), sources then pulled to their consumers."""
    preds: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
    succs: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
    for u, v in edges:
        succs[u].append(v)
        preds[v].append(u)
    layer: dict[Hashable, int] = {}
    indeg = {n: len(preds[n]) for n in nodes}
    ready = [n for n in nodes if indeg[n] == 0]
    while ready:  # Kahn's algorithm in input order: deterministic and iterative
        n = ready.pop(0)
        layer[n] = 1 + max((layer[p] for p in preds[n]), default=-1)
        for s in succs[n]:
            indeg[s] -= 1
            if indeg[s] == 0:
                ready.append(s)
    if len(layer) != len(nodes):
        raise ValueError("layered_layout needs a DAG, but the graph has a cycle")
    for n in nodes:
        if not preds[n] and succs[n]:
            layer[n] = min(layer[s] for s in succs[n]) - 1
    used = {v: i for i, v in enumerate(sorted(set(layer.values())))}  # drop empty layers
    return {n: used[v] for n, v in layer.items()}


def _initial_order(nodes, edges, layer) -> dict[Hashable, int]:
    """Depth-first post-order from the sinks over inputs in order: inputs above outputs."""
    preds: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
    has_succ = set()
    for u, v in edges:
        preds[v].append(u)
        has_succ.add(u)
    order: dict[Hashable, int] = {}
    for sink in [n for n in nodes if n not in has_succ] + list(nodes):
        stack = [(sink, 0)]
        while stack:
            n, i = stack.pop()
            if n in order:
                continue
            if i < len(preds[n]):
                stack.append((n, i + 1))
                if preds[n][i] not in order:
                    stack.append((preds[n][i], 0))
            else:
                order[n] = len(order)
    return order


def _crossings(layers: list[list], down: dict[Hashable, list[Hashable]]) -> int:
    """Number of edge crossings between consecutive layers."""
    total = 0
    for upper, lower in zip(layers, layers[1:], strict=False):
        pos = {n: i for i, n in enumerate(lower)}
        segs = [(i, pos[v]) for i, u in enumerate(upper) for v in down[u] if v in pos]
        for a in range(len(segs)):
            for b in range(a + 1, len(segs)):
                if (segs[a][0] - segs[b][0]) * (segs[a][1] - segs[b][1]) < 0:
                    total += 1
    return total


def _barycentre_order(layers: list[list], down: dict, up: dict, sweeps: int = 8) -> list[list]:
    """Reorder layers by barycentre sweeps; return the ordering with fewest crossings."""
    best = [list(layer) for layer in layers]
    best_cross = _crossings(best, down)
    current = [list(layer) for layer in layers]
    for _ in range(sweeps):
        for direction in ("down", "up"):
            rng = range(1, len(current)) if direction == "down" else range(len(current) - 2, -1, -1)
            for li in rng:
                ref = current[li - 1] if direction == "down" else current[li + 1]
                nbrs = up if direction == "down" else down
                pos = {n: i for i, n in enumerate(ref)}
                scale = (len(ref) - 1) / max(len(current[li]) - 1, 1)

                def key(item, pos=pos, nbrs=nbrs, scale=scale):
                    i, n = item
                    ps = [pos[m] for m in nbrs[n] if m in pos]
                    return (sum(ps) / len(ps) if ps else i * scale, i)

                current[li] = [n for _, n in sorted(enumerate(current[li]), key=key)]
            cross = _crossings(current, down)
            if cross < best_cross:
                best, best_cross = [list(layer) for layer in current], cross
    return best


def _isotonic(targets: list[float]) -> list[float]:
    """Least-squares nondecreasing fit to ``targets`` (pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, size]
    for t in targets:
        blocks.append([t, 1.0])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, s2 = blocks.pop()
            m1, s1 = blocks.pop()
            blocks.append([(m1 * s1 + m2 * s2) / (s1 + s2), s1 + s2])
    out: list[float] = []
    for mean, size in blocks:
        out.extend([mean] * int(size))
    return out


def _place_column(order: list, wanted: list[float], heights: list[float], gap: float) -> list:
    """Depths (downwards) closest to ``wanted`` with boxes at least ``gap`` apart, in order."""
    offsets = [0.0]
    for a, b in zip(heights, heights[1:], strict=False):
        offsets.append(offsets[-1] + (a + b) / 2 + gap)
    fitted = _isotonic([w - o for w, o in zip(wanted, offsets, strict=True)])
    return [f + o for f, o in zip(fitted, offsets, strict=True)]


def layered_layout(
    nodes: Sequence[Hashable],
    edges: Sequence[tuple[Hashable, Hashable]],
    sizes: Mapping[Hashable, tuple[float, float]] | None = None,
    *,
    layer_gap: float = 2.0,
    node_gap: float = 1.0,
    direction: str = "LR",
) -> Layout:
    """Lay out a DAG; ``sizes`` maps a node to its box (width, height).

    ``direction="LR"``: layers run left to right (y grows upwards, the first input of an op
    above the second). ``"TB"``: layers run top to bottom (the first input on the left).
    Returns node centres, the routing points of every edge that spans more than one layer,
    and the total extent.
    """
    if direction not in ("LR", "TB"):
        raise ValueError(f"direction must be 'LR' or 'TB', got {direction!r}")
    if direction == "TB":  # lay out left to right with boxes turned, then turn the picture
        turned = {n: (h, w) for n, (w, h) in (sizes or {}).items()}
        lr = layered_layout(nodes, edges, turned, layer_gap=layer_gap, node_gap=node_gap)

        def turn(p: Point) -> Point:
            return (-p[1] + lr.height / 2, -p[0] + lr.width / 2)

        return Layout(
            {n: turn(p) for n, p in lr.positions.items()},
            lr.layers,
            {e: [turn(p) for p in pts] for e, pts in lr.routes.items()},
            lr.height,
            lr.width,
            "TB",
        )
    sizes = dict(sizes or {})
    edges = list(dict.fromkeys(edges))
    layer = assign_layers(nodes, edges)
    order0 = _initial_order(nodes, edges, layer)

    all_nodes: list[Hashable] = list(nodes)
    down: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
    up: dict[Hashable, list[Hashable]] = {n: [] for n in nodes}
    chains: dict[tuple[Hashable, Hashable], list[Dummy]] = {}
    for u, v in edges:
        chain = [u]
        for k, li in enumerate(range(layer[u] + 1, layer[v])):
            d = Dummy(u, v, k)
            layer[d], order0[d] = li, order0[u] + 0.5
            sizes[d] = (0.0, 0.3)
            down[d], up[d] = [], []
            all_nodes.append(d)
            chain.append(d)
        chain.append(v)
        chains[(u, v)] = chain[1:-1]
        for a, b in zip(chain, chain[1:], strict=False):
            down[a].append(b)
            up[b].append(a)

    n_layers = max(layer.values()) + 1 if layer else 0
    layers: list[list[Hashable]] = [[] for _ in range(n_layers)]
    for n in sorted(all_nodes, key=lambda n: order0[n]):
        layers[layer[n]].append(n)
    layers = _barycentre_order(layers, down, up)

    def size(n):
        return sizes.get(n, (1.0, 1.0))

    # x: columns as wide as their widest box
    widths = [max((size(n)[0] for n in col), default=0.0) for col in layers]
    xs, x = [], 0.0
    for i, w in enumerate(widths):
        x += (w / 2) if i == 0 else (widths[i - 1] / 2 + layer_gap + w / 2)
        xs.append(x)

    # depth (downwards): stacked, then pulled towards neighbours' mean depth
    depth: dict[Hashable, float] = {}
    for col in layers:
        hs = [size(n)[1] for n in col]
        placed = _place_column(col, [0.0] * len(col), hs, node_gap)
        mid = (placed[0] + placed[-1]) / 2 if placed else 0.0
        depth.update({n: p - mid for n, p in zip(col, placed, strict=True)})
    for _ in range(6):
        for li_seq, nbrs in ((range(n_layers), up), (range(n_layers - 1, -1, -1), down)):
            for li in li_seq:
                col = layers[li]
                wanted = []
                for n in col:
                    ref = [depth[m] for m in nbrs[n]]
                    wanted.append(sum(ref) / len(ref) if ref else depth[n])
                hs = [size(n)[1] for n in col]
                depth.update(zip(col, _place_column(col, wanted, hs, node_gap), strict=True))

    positions = {n: (xs[layer[n]], -depth[n]) for n in all_nodes}
    top = max((positions[n][1] + size(n)[1] / 2 for n in all_nodes), default=0.0)
    bottom = min((positions[n][1] - size(n)[1] / 2 for n in all_nodes), default=0.0)
    shift = (top + bottom) / 2
    positions = {n: (px, py - shift) for n, (px, py) in positions.items()}
    routes = {
        e: [
            p
            for d in chain
            for p in (
                (positions[d][0] - widths[layer[d]] / 2, positions[d][1]),
                (positions[d][0] + widths[layer[d]] / 2, positions[d][1]),
            )
        ]
        for e, chain in chains.items()
    }
    real = {n: positions[n] for n in nodes}
    real_layers = [[n for n in col if not isinstance(n, Dummy)] for col in layers]
    width = (xs[-1] + widths[-1] / 2) if xs else 0.0
    return Layout(real, real_layers, routes, width, top - bottom)
