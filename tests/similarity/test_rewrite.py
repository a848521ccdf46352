"""The canonical rewrites (``grader/similarity/rewrite.py``): each pair of texts a copier writes
for the same code gives the same tokens; code that does something else does not."""

import pytest

from grader.similarity.normalise import tokens


def same(a: str, b: str) -> bool:
    return [t.text for t in tokens(a)] == [t.text for t in tokens(b)]


ALIKE = {
    "conditional expression and if/else": (
        "def f(g, b):\n    b = g if b is None else b + g\n    return b\n",
        "def f(g, b):\n    if b is None:\n        b = g\n    else:\n        b += g\n    return b\n"),
    "an inverted condition": (
        "def f(x, y):\n    if x is not None:\n        y = 1\n    else:\n        y = 2\n    return y\n",
        "def f(x, y):\n    if x is None:\n        y = 2\n    else:\n        y = 1\n    return y\n"),
    "not pushed inside": (
        "def f(a, b):\n    if not (a is None or b is None):\n        print(a)\n",
        "def f(a, b):\n    if a is not None and b is not None:\n        print(a)\n"),
    "a continue guard": (
        "def f(xs, out):\n    for x in xs:\n        if x is None:\n            continue\n        out.add(x)\n"
        "        print(x)\n",
        "def f(xs, out):\n    for x in xs:\n        if x is not None:\n            out.add(x)\n"
        "            print(x)\n"),
    "a reversed copy iterated": (
        "def f(xs):\n    for x in reversed(xs):\n        print(x)\n",
        "def f(xs):\n    for x in list(xs)[::-1]:\n        print(x)\n"),
    "an index loop over np.nditer and over np.ndindex": (
        "def f(x, g):\n    it = np.nditer(x, flags=['multi_index'])\n    while not it.finished:\n"
        "        i = it.multi_index\n        g[i] = x[i] * 2\n        it.iternext()\n    return g\n",
        "def f(x, g):\n    for i in np.ndindex(x.shape):\n        g[i] = x[i] * 2\n    return g\n"),
    "an index enumerate gives and the loop never reads": (
        "def f(xs, out):\n    for i, x in enumerate(xs):\n        out.add(x)\n",
        "def f(xs, out):\n    for x in xs:\n        out.add(x)\n"),
    "an entry read then deleted, and popped": (
        "def f(d, k):\n    y = g(*d[k])\n    del d[k]\n    return y\n",
        "def f(d, k):\n    y = g(*d.pop(k))\n    return y\n"),
    "nested conditions and one joined with and": (
        "def f(xs, out):\n    for x in xs:\n        if x is None:\n            continue\n        if x.y is None:\n"
        "            continue\n        out.add(x)\n",
        "def f(xs, out):\n    for x in xs:\n        if x is not None and x.y is not None:\n            out.add(x)\n"),
    "a length compared with zero and the container's truth": (
        "def f(xs):\n    while len(xs) > 0:\n        xs.pop()\n    return 1 if len(xs) == 0 else 2\n",
        "def f(xs):\n    while xs:\n        xs.pop()\n    return 1 if not xs else 2\n"),
    "a return guard": (
        "def f(x):\n    if x is None:\n        return 0\n    y = x * 2\n    return y\n",
        "def f(x):\n    if x is not None:\n        y = x * 2\n        return y\n    return 0\n"),
    "if without else that assigns": (
        "def f(r, c):\n    if r is None:\n        r = c\n    return r\n",
        "def f(r, c):\n    r = c if r is None else r\n    return r\n"),
    "a loop that appends": (
        "def f(xs, out):\n    for x in xs:\n        if x:\n            out.append(x * 2)\n",
        "def f(xs, out):\n    out.extend([x * 2 for x in xs if x])\n"),
    "temporaries named for a raise's message and inlined": (
        "def f(g, o):\n    if g.shape != o.shape:\n        a, b = list(g.shape), list(o.shape)\n"
        "        raise E(f'{a} and {b}')\n    return g\n",
        "def f(g, o):\n    if g.shape != o.shape:\n        raise E(f'{list(g.shape)} and {list(o.shape)}')\n"
        "    return g\n"),
    "reversal": (
        "def f(xs):\n    xs.reverse()\n    return xs\n",
        "def f(xs):\n    return list(reversed(xs))\n"),
    "an early bare return at the end of a function": (
        "def f(self):\n    g(self)\n    if self.b is None:\n        return\n    h(self.b)\n",
        "def f(self):\n    g(self)\n    if self.b is not None:\n        h(self.b)\n    return\n"),
    "a dead line": (
        "def f(x):\n    depth = 0\n    return x + 1\n",
        "def f(x):\n    return x + 1\n"),
}

DIFFERENT = {
    "an index the loop reads": (
        "def f(xs, out):\n    for i, x in enumerate(xs):\n        out.add(i)\n",
        "def f(xs, out):\n    for x in xs:\n        out.add(x)\n"),
    "a continue nested deeper skips what follows the block": (
        "def f(xs, a):\n    for x in xs:\n        if a:\n            if x:\n                continue\n"
        "            print(1)\n        print(2)\n",
        "def f(xs, a):\n    for x in xs:\n        if a:\n            if not x:\n                print(1)\n"
        "        print(2)\n"),
    "a name assigned before a raise and read by it, read again by what follows": (
        "def f(x):\n    m = g(x)\n    if m:\n        raise E(m)\n    return m\n",
        "def f(x):\n    if g(x):\n        raise E(g(x))\n    return g(x)\n"),
    "a temporary before a raise that reads it from another name": (
        "def f(x):\n    a = x.shape\n    raise E(x)\n",
        "def f(x):\n    raise E(x)\n"),
    "a guard that does not exit": (
        "def f(x):\n    if x is None:\n        print(0)\n    return x\n",
        "def f(x):\n    if x is None:\n        print(0)\n    else:\n        return x\n"),
    "branches swapped without inverting": (
        "def f(x):\n    return 1 if x else 2\n",
        "def f(x):\n    return 2 if x else 1\n"),
    "an early bare return before more code": (
        "def f(self):\n    if self.b is None:\n        return\n    h(self.b)\n    for x in self.xs:\n"
        "        if x:\n            return\n        h(x)\n",
        "def f(self):\n    if self.b is not None:\n        h(self.b)\n    for x in self.xs:\n"
        "        if not x:\n            h(x)\n"),
    "a dead line that calls something": (
        "def f(x):\n    depth = g()\n    return x + 1\n",
        "def f(x):\n    return x + 1\n"),
}


@pytest.mark.parametrize("name", sorted(ALIKE))
def test_two_ways_of_writing_the_same_code_give_the_same_tokens(name):
    assert same(*ALIKE[name]), name


@pytest.mark.parametrize("name", sorted(DIFFERENT))
def test_code_that_does_something_else_stays_different(name):
    assert not same(*DIFFERENT[name]), name


def test_a_very_deep_expression_still_gives_tokens():
    assert tokens("x = " + "(" * 150 + "1" + ")" * 150 + "\nif not x:\n    y = 1\nelse:\n    y = 2\n")
