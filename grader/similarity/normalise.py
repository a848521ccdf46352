"""The normalising pass: take out of a student's code what a copier changes for free.

``tokens(source, vocabulary)`` turns the text of one cell into the tokens that fingerprints are
made of, each with the lines of the cell it comes from (for the side-by-side view). The syntax
tree is first put in canonical form (``rewrite``: guards, conditional expressions, inverted
conditions, appending loops, reversals, dead lines). On the way:

- comments, docstrings (and any other bare string statement), blank lines, IPython magics and
  shell lines are dropped, and so are the places for code (``pass``, ``...`` and the release's
  ``raise NotImplementedError()``);
- type annotations are dropped, ``x += y`` is read as ``x = x + y``, keyword arguments are
  sorted, redundant parentheses do not exist (the tokens come from the syntax tree);
- a loop that only builds a list reads as the list comprehension it could be (a generator
  expression as a list), and a loop that only adds up as ``sum(...)``;
- names become ``_``, except the course's names (``vocabulary``: the builtins and what the
  release's own cells import or define, such as ``np``, ``Tensor``, ``unbroadcast``) that the
  code does not bind itself, and attribute and keyword names (``.mm``, ``dim=``), which say
  what the code does;
- the operands of ``+``, ``*``, ``&``, ``|``, ``^``, ``and``, ``or``, ``==``, ``!=`` are sorted,
  and ``a > b`` is read as ``b < a``;
- statements of one block that do not depend on each other (neither writes what the other reads
  or writes; ``x.append(...)``, ``x.add_(...)`` and the like write ``x``; ``return``, ``raise``,
  ``break``, ``yield`` keep their place) are put in one canonical order, and so are the
  functions of a module and the methods of a class.

Two texts that differ only in these ways give the same tokens. Code that does not parse (a
half-finished cell) is tokenised as it is, with the same name rule.
"""

from __future__ import annotations

import ast
import builtins
import hashlib
import heapq
import keyword
import re
from dataclasses import dataclass

from grader.similarity.rewrite import canonical

PLACEHOLDER = "_"
BEGIN, END = "⟨", "⟩"  # a block's first and last token (not Python's braces, which build dicts and sets)
BUILTINS = frozenset(dir(builtins))
#: The longest cell normalised (the rest is cut; an answer cell is a few thousand characters):
#: a report never waits on one huge cell.
MAX_SOURCE_CHARS = 30_000
#: Blocks longer than this keep their order (ordering compares every pair of statements).
MAX_REORDERED = 200
MAGIC_LINE = re.compile(r"^\s*[%!]")
WORD = re.compile(r"""[A-Za-z_]\w*|\d[\w.]*|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|\S""")
OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.MatMult: "@", ast.Div: "/", ast.Mod: "%", ast.Pow: "**",
    ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|", ast.BitXor: "^", ast.BitAnd: "&", ast.FloorDiv: "//",
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Is: "is",
    ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in", ast.Invert: "~", ast.Not: "not", ast.UAdd: "+",
    ast.USub: "-", ast.And: "and", ast.Or: "or",
}
COMMUTATIVE = (ast.Add, ast.Mult, ast.BitAnd, ast.BitOr, ast.BitXor)
SWAPPED = {ast.Gt: ast.Lt, ast.GtE: ast.LtE}
SYMMETRIC = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
WRAPPED = (ast.BinOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.NamedExpr, ast.UnaryOp, ast.Await,
           ast.Yield, ast.YieldFrom)
COMPOUND_WITH_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match)
BARRIERS = (ast.Return, ast.Raise, ast.Break, ast.Continue, ast.Global, ast.Nonlocal, ast.Delete, ast.Import,
            ast.ImportFrom, ast.Yield, ast.YieldFrom, ast.Await)
MUTATING = frozenset({
    "append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "add", "discard",
    "sort", "reverse", "fill", "resize", "put", "itemset", "seed", "save_for_backward", "mark_dirty",
    "mark_non_differentiable", "set_materialize_grads", "register_parameter", "register_buffer", "add_module",
    "register_hook", "register_module", "backward", "step", "zero_grad", "load_state_dict", "train", "eval",
    "release", "iternext", "send", "write", "enter_context",
})


@dataclass(frozen=True)
class Token:
    """One normalised token and the lines of its cell (1-based, inclusive) it stands for."""

    text: str
    first: int
    last: int


def tokens(source: str, vocabulary: frozenset[str] = BUILTINS) -> list[Token]:
    """The normalised tokens of one cell's ``source``."""
    text = "\n".join("" if MAGIC_LINE.match(line) else line for line in source[:MAX_SOURCE_CHARS].splitlines())
    try:
        tree = canonical(ast.parse(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return lenient_tokens(text, vocabulary)
    try:
        return _Emitter(vocabulary - _bound(tree)).block(tree.body)
    except RecursionError:  # a pathologically deep expression: tokenise the text as it is
        return lenient_tokens(text, vocabulary)


def normalised_source(source: str, vocabulary: frozenset[str] = BUILTINS) -> str:
    """The normalised code as Python-like text (one statement a line, blocks indented): what the
    pass gives, for a detector that reads source text rather than tokens."""
    text = "\n".join("" if MAGIC_LINE.match(line) else line for line in source[:MAX_SOURCE_CHARS].splitlines())
    try:
        tree = canonical(ast.parse(text))
        found = _Emitter(vocabulary - _bound(tree), lines=True).block(tree.body)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return " ".join(t.text for t in lenient_tokens(text, vocabulary))
    out, depth, line = [], 0, []
    for token in found:
        if token.text == BEGIN:
            out.append("    " * depth + " ".join(line) + ":")
            line, depth = [], depth + 1
        elif token.text in (END, "\n"):
            if line:
                out.append("    " * depth + " ".join(line))
            line = []
            if token.text == END:
                if out and out[-1].endswith(":"):
                    out.append("    " * depth + "pass")
                depth -= 1
        else:
            line.append(token.text)
    if line:
        out.append(" ".join(line))
    return "\n".join(out) + "\n"


def lenient_tokens(text: str, vocabulary: frozenset[str] = BUILTINS) -> list[Token]:
    """Tokens of text that does not parse: its words and symbols, comments dropped, names as in
    ``tokens`` (no reordering)."""
    found: list[Token] = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0] if "'" not in line and '"' not in line else line
        for word in _words(code, vocabulary):
            found.append(Token(word, number, number))
    return found


def vocabulary_of(sources: list[str]) -> frozenset[str]:
    """The course's names in ``sources`` (the release's own code cells): what they import,
    define or assign at the top level, with the builtins."""
    names = set(BUILTINS)
    for source in sources:
        text = "\n".join("" if MAGIC_LINE.match(line) else line for line in source.splitlines())
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for stmt in tree.body:
            if isinstance(stmt, ast.Import | ast.ImportFrom):
                names.update(a.asname or a.name.split(".")[0] for a in stmt.names)
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(stmt.name)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign):
                for target in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    names.discard(PLACEHOLDER)
    return frozenset(names)


def _words(text: str, keep: frozenset[str]) -> list[str]:
    out, previous = [], ""
    for word in WORD.findall(text):
        if word[0] in "'\"":
            out.append(_string(word.strip("'\"")))
        elif (word[0].isalpha() or word[0] == "_") and previous != "." and not keyword.iskeyword(word) \
                and word not in keep:
            out.append(PLACEHOLDER)
        else:
            out.append(word)
        previous = word
    return out


def _string(value: str) -> str:
    """A string literal as one token: its text, lower case, spaces collapsed."""
    return "'" + " ".join(value.replace("\\", " ").replace("'", " ").split()).lower()[:200] + "'"


def _walk(node: ast.AST) -> list[ast.AST]:
    """Every node under ``node`` (``ast.walk``'s nodes, found about half again as fast)."""
    stack, found = [node], []
    while stack:
        current = stack.pop()
        found.append(current)
        for name in current._fields:
            value = getattr(current, name, None)
            if isinstance(value, ast.AST):
                stack.append(value)
            elif value.__class__ is list:
                stack.extend(item for item in value if isinstance(item, ast.AST))
    return found


def _bound(tree: ast.AST) -> set[str]:
    """The names the code binds itself (arguments, assignments, loop targets, definitions): a
    course name such as ``input`` or ``max`` used as an argument is the student's own name."""
    found: set[str] = set()
    for node in _walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            found.add(node.id)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
    return found


# -- the tokens of a tree ------------------------------------------------------------------------

class _Emitter:
    """Tokens straight from the syntax tree, normalised on the way (``keep``: the names kept)."""

    def __init__(self, keep: frozenset[str], lines: bool = False):
        self.keep = keep
        self.lines = lines  # mark the end of each statement (for normalised_source)
        self.effects: dict[int, Effects] = {}  # id(statement) -> its effects, each computed once

    # statements

    def block(self, statements: list[ast.stmt]) -> list[Token]:
        """A block's tokens: each statement's, in canonical order."""
        kept = _comprehensions([s for s in statements if not (_bare_string(s) or _bare_annotation(s)
                                                               or _placeholder(s))])
        parts = [self.statement(s) for s in kept]
        if self.lines:
            parts = [part + [Token("\n", 0, 0)] for part in parts]
        if len(kept) < 2:
            return [t for part in parts for t in part]
        if len(kept) > MAX_REORDERED:
            return [t for part in parts for t in part]
        keys = [" ".join(t.text for t in part) for part in parts]
        order = _canonical_order([effects_of(s, self.effects) for s in kept], keys)
        return [t for i in order for t in parts[i]]

    def statement(self, stmt: ast.stmt) -> list[Token]:
        first = getattr(stmt, "lineno", 1)
        last = getattr(stmt, "end_lineno", first) or first
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.If | ast.For | ast.AsyncFor
                      | ast.While | ast.With | ast.AsyncWith | ast.Try):
            return self.compound(stmt, first, last)
        return [Token(w, first, last) for w in self.simple(stmt)]

    def simple(self, stmt: ast.stmt) -> list[str]:
        e = self.expr
        if isinstance(stmt, ast.Expr):
            return e(stmt.value)
        if isinstance(stmt, ast.Assign):
            return [w for t in stmt.targets for w in e(t) + ["="]] + e(stmt.value)
        if isinstance(stmt, ast.AugAssign):
            return e(stmt.target) + ["="] + self.binary(ast.BinOp(stmt.target, stmt.op, stmt.value))
        if isinstance(stmt, ast.AnnAssign):
            return e(stmt.target) + ["="] + e(stmt.value)
        if isinstance(stmt, ast.Return):
            return ["return"] + (e(stmt.value) if stmt.value else [])
        if isinstance(stmt, ast.Raise):
            return ["raise"] + (e(stmt.exc) if stmt.exc else []) + (["from"] + e(stmt.cause) if stmt.cause else [])
        if isinstance(stmt, ast.Assert):
            return ["assert"] + e(stmt.test) + ([","] + e(stmt.msg) if stmt.msg else [])
        if isinstance(stmt, ast.Delete):
            return ["del"] + self.joined(stmt.targets)
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            head = ["from", "." * stmt.level + (stmt.module or "")] if isinstance(stmt, ast.ImportFrom) else []
            names = [w for a in stmt.names for w in [a.name] + (["as", self.name(a.asname)] if a.asname else [])
                     + [","]]
            return head + ["import"] + names[:-1]
        if isinstance(stmt, ast.Global | ast.Nonlocal):
            return [type(stmt).__name__.lower()] + [self.name(n) for n in stmt.names]
        if isinstance(stmt, ast.Pass | ast.Break | ast.Continue):
            return [type(stmt).__name__.lower()]
        return _words(ast.unparse(stmt), self.keep)  # match statements and anything newer

    def compound(self, stmt: ast.stmt, first: int, last: int) -> list[Token]:
        body_line = stmt.body[0].lineno if stmt.body and hasattr(stmt.body[0], "lineno") else first
        head_last = max(first, body_line - 1)
        out = [Token(w, first, head_last) for w in self.head(stmt)]
        out += self.braced(stmt.body, first, last)
        for handler in getattr(stmt, "handlers", []):
            line = handler.lineno
            words = ["except"] + (self.expr(handler.type) if handler.type else []) \
                + (["as", self.name(handler.name)] if handler.name else [])
            out += [Token(w, line, line) for w in words] + self.braced(handler.body, line, handler.end_lineno or line)
        for field, word in (("orelse", "else"), ("finalbody", "finally")):
            block = getattr(stmt, field, None)
            if block:
                line = block[0].lineno
                out += [Token(word, line, line)] + self.braced(block, line, block[-1].end_lineno or line)
        return out

    def braced(self, statements: list[ast.stmt], first: int, last: int) -> list[Token]:
        return [Token(BEGIN, first, first)] + self.block(statements) + [Token(END, last, last)]

    def head(self, stmt: ast.stmt) -> list[str]:
        e = self.expr
        decorators = [w for d in getattr(stmt, "decorator_list", []) for w in ["@"] + e(d) + (["\n"] * self.lines)]
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            return decorators + ["def", PLACEHOLDER, "("] + self.arguments(stmt.args) + [")"]
        if isinstance(stmt, ast.ClassDef):
            return decorators + ["class", PLACEHOLDER, "("] + self.joined(stmt.bases) \
                + [w for k in stmt.keywords for w in self.keyword(k)] + [")"]
        if isinstance(stmt, ast.If):
            return ["if"] + e(stmt.test)
        if isinstance(stmt, ast.For | ast.AsyncFor):
            return ["for"] + e(stmt.target) + ["in"] + e(stmt.iter)
        if isinstance(stmt, ast.While):
            return ["while"] + e(stmt.test)
        if isinstance(stmt, ast.With | ast.AsyncWith):
            return ["with"] + [w for item in stmt.items for w in e(item.context_expr)
                               + (["as"] + e(item.optional_vars) if item.optional_vars else []) + [","]][:-1]
        return ["try"]

    def arguments(self, args: ast.arguments) -> list[str]:
        positional = args.posonlyargs + args.args
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        out = []
        for default in defaults:
            out += [PLACEHOLDER] + (["="] + self.expr(default) if default is not None else []) + [","]
        if args.vararg:
            out += ["*", PLACEHOLDER, ","]
        for default in args.kw_defaults:
            out += [PLACEHOLDER] + (["="] + self.expr(default) if default is not None else []) + [","]
        if args.kwarg:
            out += ["**", PLACEHOLDER, ","]
        return out[:-1]

    # expressions

    def name(self, name: str | None) -> str:
        return name if name in self.keep else PLACEHOLDER

    def joined(self, nodes: list[ast.expr]) -> list[str]:
        out = []
        for node in nodes:
            out += self.expr(node) + [","]
        return out[:-1]

    def keyword(self, node: ast.keyword) -> list[str]:
        return (["**"] if node.arg is None else [node.arg, "="]) + self.expr(node.value) + [","]

    def operand(self, node: ast.expr) -> list[str]:
        words = self.expr(node)
        return ["("] + words + [")"] if isinstance(node, WRAPPED) else words

    def binary(self, node: ast.BinOp) -> list[str]:
        symbol = OPERATORS[type(node.op)]
        if isinstance(node.op, COMMUTATIVE):
            parts = sorted((self.operand(o) for o in _flatten(node, type(node.op))), key=" ".join)
            out = parts[0]
            for part in parts[1:]:
                out = out + [symbol] + part
            return out
        return self.operand(node.left) + [symbol] + self.operand(node.right)

    def expr(self, node: ast.expr | None) -> list[str]:  # noqa: C901 (one case per kind of expression)
        e = self.expr
        if node is None:
            return []
        if isinstance(node, ast.Name):
            return [self.name(node.id)]
        if isinstance(node, ast.Constant):
            value = node.value
            return [_string(value) if isinstance(value, str) else
                    _string(value.decode("latin-1")) if isinstance(value, bytes) else repr(value)]
        if isinstance(node, ast.Attribute):
            return self.operand(node.value) + [".", node.attr]
        if isinstance(node, ast.Call):
            if _listed(node):  # list(x for ...) reads as [x for ...]
                return e(node.args[0])
            keywords = sorted((self.keyword(k) for k in node.keywords), key=" ".join)
            return self.operand(node.func) + ["("] + [w for a in node.args for w in e(a) + [","]] \
                + [w for k in keywords for w in k] + [")"]
        if isinstance(node, ast.BinOp):
            return self.binary(node)
        if isinstance(node, ast.UnaryOp):
            return [OPERATORS[type(node.op)]] + self.operand(node.operand)
        if isinstance(node, ast.BoolOp):
            parts = sorted((self.operand(v) for v in node.values), key=" ".join)
            out = parts[0]
            for part in parts[1:]:
                out = out + [OPERATORS[type(node.op)]] + part
            return out
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.IfExp):
            return self.operand(node.body) + ["if"] + self.operand(node.test) + ["else"] + self.operand(node.orelse)
        if isinstance(node, ast.Lambda):
            return ["lambda"] + self.arguments(node.args) + [":"] + e(node.body)
        if isinstance(node, ast.Subscript):
            inside = self.joined(node.slice.elts) if isinstance(node.slice, ast.Tuple) else e(node.slice)
            return self.operand(node.value) + ["["] + inside + ["]"]
        if isinstance(node, ast.Slice):
            return e(node.lower) + [":"] + e(node.upper) + ([":"] + e(node.step) if node.step else [])
        if isinstance(node, ast.Tuple):
            return ["("] + self.joined(node.elts) + [")"]
        if isinstance(node, ast.List):
            return ["["] + self.joined(node.elts) + ["]"]
        if isinstance(node, ast.Set):
            return ["{"] + self.joined(node.elts) + ["}"]
        if isinstance(node, ast.Dict):
            items = [(["**"] if k is None else e(k) + [":"]) + e(v) + [","] for k, v in zip(node.keys, node.values,
                                                                                          strict=True)]
            return ["{"] + [w for item in items for w in item] + ["}"]
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):  # a generator reads as a list
            ends = ("{", "}") if isinstance(node, ast.SetComp) else ("[", "]")
            return [ends[0]] + e(node.elt) + self.generators(node.generators) + [ends[1]]
        if isinstance(node, ast.DictComp):
            return ["{"] + e(node.key) + [":"] + e(node.value) + self.generators(node.generators) + ["}"]
        if isinstance(node, ast.Starred):
            return ["*"] + e(node.value)
        if isinstance(node, ast.NamedExpr):
            return e(node.target) + [":="] + e(node.value)
        if isinstance(node, ast.JoinedStr):
            if self.lines:
                return ["''"]
            return ["f'"] + [w for v in node.values for w in (
                [_string(v.value)] if isinstance(v, ast.Constant) else ["{"] + e(v.value) + ["}"])] + ["'"]
        if isinstance(node, ast.Await | ast.Yield | ast.YieldFrom):
            word = {ast.Await: "await", ast.Yield: "yield", ast.YieldFrom: "yield from"}[type(node)]
            return [word] + e(node.value)
        return _words(ast.unparse(node), self.keep)

    def compare(self, node: ast.Compare) -> list[str]:
        if len(node.ops) == 1:
            op, left, right = node.ops[0], node.left, node.comparators[0]
            if type(op) in SWAPPED:
                op, left, right = SWAPPED[type(op)](), right, left
            a, b = self.operand(left), self.operand(right)
            if isinstance(op, SYMMETRIC) and " ".join(b) < " ".join(a):
                a, b = b, a
            return a + [OPERATORS[type(op)]] + b
        out = self.operand(node.left)
        for op, right in zip(node.ops, node.comparators, strict=True):
            out += [OPERATORS[type(op)]] + self.operand(right)
        return out

    def generators(self, generators: list[ast.comprehension]) -> list[str]:
        out = []
        for gen in generators:
            out += ["for"] + self.expr(gen.target) + ["in"] + self.operand(gen.iter)
            for condition in gen.ifs:
                out += ["if"] + self.operand(condition)
        return out


def _listed(call: ast.Call) -> bool:
    return isinstance(call.func, ast.Name) and call.func.id == "list" and len(call.args) == 1 \
        and not call.keywords and isinstance(call.args[0], ast.ListComp | ast.GeneratorExp)


def _comprehensions(block: list[ast.stmt]) -> list[ast.stmt]:
    """A loop that only builds a list (``xs = []`` then ``for v in it: xs.append(e)``, with an
    ``if`` inside or an ``if``/``else`` of two appends) reads as ``xs = [e for v in it]``, and a
    loop that only adds up (``s = 0`` then ``for v in it: s += e``) as ``s = sum(e for v in it)``."""
    out, i = [], 0
    while i < len(block):
        merged = _comprehension(block[i], block[i + 1]) if i + 1 < len(block) else None
        if merged is not None:
            out.append(merged)
            i += 2
        else:
            out.append(block[i])
            i += 1
    return out


def _comprehension(first: ast.stmt, loop: ast.stmt) -> ast.stmt | None:
    if not (isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name)
            and isinstance(loop, ast.For) and not loop.orelse and len(loop.body) == 1):
        return None
    name, body = first.targets[0].id, loop.body[0]
    conditions: list[ast.expr] = []
    value = first.value
    if isinstance(value, ast.List) and not value.elts or isinstance(value, ast.Call) and _named(value.func, "list") \
            and not value.args:
        if isinstance(body, ast.If) and len(body.body) == 1 and not body.orelse:
            conditions, body = [body.test], body.body[0]
        if isinstance(body, ast.If) and len(body.body) == 1 and len(body.orelse) == 1:
            yes, no = _appended(body.body[0], name), _appended(body.orelse[0], name)
            element = ast.IfExp(body.test, yes, no) if yes is not None and no is not None else None
        else:
            element = _appended(body, name)
        if element is None:
            return None
        result: ast.expr = ast.ListComp(element, [ast.comprehension(loop.target, loop.iter, conditions, 0)])
    elif isinstance(value, ast.Constant) and value.value == 0 and isinstance(body, ast.AugAssign) \
            and isinstance(body.op, ast.Add) and isinstance(body.target, ast.Name) and body.target.id == name:
        result = ast.Call(ast.Name("sum", ast.Load()),
                          [ast.GeneratorExp(body.value, [ast.comprehension(loop.target, loop.iter, [], 0)])], [])
    else:
        return None
    merged = ast.Assign([first.targets[0]], result)
    merged.lineno, merged.end_lineno = first.lineno, getattr(loop, "end_lineno", loop.lineno)
    return merged


def _appended(stmt: ast.stmt, name: str) -> ast.expr | None:
    """``e`` when ``stmt`` is ``name.append(e)``."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute) \
            and stmt.value.func.attr == "append" and _named(stmt.value.func.value, name) \
            and len(stmt.value.args) == 1 and not stmt.value.keywords:
        return stmt.value.args[0]
    return None


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _bare_string(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def _placeholder(stmt: ast.stmt) -> bool:
    """``pass``, ``...`` and the release's ``raise NotImplementedError()``: a place for code, not code."""
    if isinstance(stmt, ast.Pass):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and stmt.value.value is Ellipsis:
        return True
    if isinstance(stmt, ast.Raise) and stmt.exc is not None and stmt.cause is None:
        exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) and not stmt.exc.args else stmt.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def _bare_annotation(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.AnnAssign) and stmt.value is None


def _flatten(node: ast.expr, op: type) -> list[ast.expr]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, op):
        return _flatten(node.left, op) + _flatten(node.right, op)
    return [node]


# -- which statements may change places ------------------------------------------------------------

@dataclass(frozen=True)
class Effects:
    """What a statement reads and writes (dotted paths such as ``a.data``), and whether nothing
    may pass it."""

    reads: frozenset[str]
    writes: frozenset[str]
    barrier: bool


def _canonical_order(effects: list[Effects], keys: list[str]) -> list[int]:
    """The statements of a block in canonical order (as indices): a topological order of "must
    stay before" (between statements that conflict), smallest key first. Statements with the same
    text are told apart by what depends on them and what they depend on (two rounds of refining
    each key by its neighbours' keys), never by where they stood."""
    after: list[list[int]] = [[] for _ in effects]
    before: list[list[int]] = [[] for _ in effects]
    for j in range(len(effects)):
        for i in range(j):
            if conflict(effects[i], effects[j]):
                after[i].append(j)
                before[j].append(i)
    refined = list(keys)
    if len(set(keys)) < len(keys):
        for _ in range(2):
            refined = [_digest(refined[i] + "<" + ",".join(sorted(refined[j] for j in before[i])) + ">"
                               + ",".join(sorted(refined[j] for j in after[i]))) for i in range(len(keys))]
    waiting = [len(b) for b in before]
    ready = [(keys[i], refined[i], i) for i in range(len(effects)) if waiting[i] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        *_, i = heapq.heappop(ready)
        order.append(i)
        for j in after[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                heapq.heappush(ready, (keys[j], refined[j], j))
    return order


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def conflict(a: Effects, b: Effects) -> bool:
    """Whether two statements must keep their order."""
    if a.barrier or b.barrier:
        return True
    return _overlap(a.writes, b.reads | b.writes) or _overlap(b.writes, a.reads)


def _overlap(xs: frozenset[str], ys: frozenset[str]) -> bool:
    return any(x == y or x.startswith(y + ".") or y.startswith(x + ".") for x in xs for y in ys)


def effects_of(stmt: ast.stmt, memo: dict[int, Effects] | None = None) -> Effects:
    """What ``stmt`` reads and writes. A definition writes its name and reads only its decorators,
    defaults and bases (its body runs later); a compound statement does what its header and its
    blocks do (``memo`` keeps each statement's effects, so nested blocks are read once)."""
    memo = {} if memo is None else memo
    known = memo.get(id(stmt))
    if known is not None:
        return known
    reads: set[str] = set()
    writes: set[str] = set()
    barrier = False
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        writes.add(stmt.name)
        parts = list(stmt.decorator_list)
        if isinstance(stmt, ast.ClassDef):
            parts += stmt.bases + [k.value for k in stmt.keywords]
        else:
            parts += stmt.args.defaults + [d for d in stmt.args.kw_defaults if d is not None]
        for part in parts:
            barrier |= _collect(part, reads, writes)
    elif isinstance(stmt, COMPOUND_WITH_BLOCKS):
        for _, value in ast.iter_fields(stmt):
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, ast.stmt):
                    inner = effects_of(item, memo)
                    reads |= inner.reads
                    writes |= inner.writes
                    barrier |= inner.barrier
                elif isinstance(item, ast.ExceptHandler):
                    if item.name:
                        writes.add(item.name)
                    if item.type is not None:
                        barrier |= _collect(item.type, reads, writes)
                    for inner_stmt in item.body:
                        inner = effects_of(inner_stmt, memo)
                        reads |= inner.reads
                        writes |= inner.writes
                        barrier |= inner.barrier
                elif isinstance(item, ast.AST):
                    barrier |= _collect(item, reads, writes)
    else:
        barrier = isinstance(stmt, BARRIERS)
        barrier |= _collect(stmt, reads, writes)
    found = Effects(frozenset(reads), frozenset(writes), barrier)
    memo[id(stmt)] = found
    return found


def _collect(node: ast.AST, reads: set[str], writes: set[str]) -> bool:
    """Add what an expression (or a simple statement) reads and writes; whether it holds a barrier."""
    local: set[str] = set()  # comprehension and lambda variables: not seen outside their expression
    barrier = False
    found_reads: set[str] = set()
    found_writes: set[str] = set()
    for sub in _walk(node):
        if isinstance(sub, BARRIERS):
            barrier = True
        if isinstance(sub, ast.comprehension):
            local.update(n.id for n in _walk(sub.target) if isinstance(n, ast.Name))
        elif isinstance(sub, ast.Lambda):
            local.update(a.arg for a in _walk(sub.args) if isinstance(a, ast.arg))
        elif isinstance(sub, ast.Name | ast.Attribute):
            path = _path(sub)
            if path is not None:
                (found_writes if isinstance(sub.ctx, ast.Store | ast.Del) else found_reads).add(path)
        elif isinstance(sub, ast.Subscript) and isinstance(sub.ctx, ast.Store | ast.Del):
            path = _path(sub.value)
            if path:
                found_writes.add(path)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and _mutating(sub.func.attr):
            path = _path(sub.func.value)
            if path:
                found_writes.add(path)
    reads |= found_reads - local
    writes |= found_writes - local
    return barrier


def _mutating(method: str) -> bool:
    """Whether ``x.method(...)`` may change ``x``: torch's in-place methods (``add_``) and the
    methods of lists, dicts, sets, contexts, modules and optimisers that change them."""
    return (method.endswith("_") and not method.startswith("__")) or method in MUTATING


def _path(node: ast.expr) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))
