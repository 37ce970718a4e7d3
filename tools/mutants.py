"""The faults ``tools/mutate.py`` plants: one small change to one function's body at a time.

A module's mutants are found by walking each function's body (module-level functions
and methods, nested ones as part of the function around them) in a fixed order; the
n-th candidate of a function is its mutant ``n``. The operators are the classic ones:

- a comparison flipped at its boundary or negated (``<`` ``<=``, ``==`` ``!=``, ``in`` ``not in``, ``is`` ``is not``);
- arithmetic swapped (``+`` ``-``, ``*`` ``/``, ``//`` ``*``, ``%`` ``//``, ``|`` ``&``), also in ``+=``;
- ``and`` made ``or`` and back; a ``not`` or a unary minus dropped;
- a number made one more, ``True`` and ``False`` swapped;
- ``return X`` made ``return None``, ``x = X`` made ``x = None``;
- a call made on its own (``f(x)`` as a statement) dropped, ``break`` and ``continue`` swapped.

Not mutated: strings (messages, mostly: equivalent by the hundred), annotations (not
evaluated: ``from __future__ import annotations``), docstrings, default values,
decorators, ``assert`` statements, and any line marked ``# pragma: no mutate``.
"""

from __future__ import annotations

import ast
import copy
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

_COMPARE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq,
            ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Mult,
          ast.Mod: ast.FloorDiv, ast.Pow: ast.Mult, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
          ast.BitXor: ast.BitOr, ast.LShift: ast.RShift, ast.RShift: ast.LShift}
_SYMBOL = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.In: "in",
           ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
           ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**", ast.BitOr: "|", ast.BitAnd: "&",
           ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>", ast.And: "and", ast.Or: "or"}


@dataclass(frozen=True)
class Mutant:
    """One fault: the ``n``-th candidate change of function ``qualname`` (whose source
    hashes to ``fn_hash``), at ``line``, described for a reader by ``desc``. ``span``:
    the first and last line of the statement it is in (of a compound statement's
    header: ``if``, ``for``, ``while``...): the mutant can change nothing in a run
    that executes none of these lines (tools/mutate.py runs only the tests that do)."""

    qualname: str
    n: int
    line: int
    desc: str
    fn_hash: str
    span: tuple[int, int] = (0, 0)

    @property
    def key(self) -> str:
        return f"{self.qualname}#{self.n}"


@dataclass(frozen=True)
class Function:
    """A function the mutants live in: its qualified name, lines and source hash."""

    qualname: str
    first: int
    last: int
    fn_hash: str


def functions(tree: ast.Module, source: str) -> list[tuple[Function, ast.AST]]:
    """Module-level functions and methods (of classes at any depth), in source order."""
    out: list[tuple[Function, ast.AST]] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                fn_hash = function_hash(node, source)
                out.append((Function(prefix + node.name, node.lineno, node.end_lineno or node.lineno, fn_hash), node))
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")

    visit(tree.body, "")
    return out


PRAGMA = "pragma: no mutate"


def function_hash(fn: ast.FunctionDef | ast.AsyncFunctionDef, source: str) -> str:
    """What a function's verdicts rest on: its code, less its signature's annotations
    (never evaluated, never mutated), and the lines it marks ``# pragma: no mutate``.

    Typing a function, or rewording a comment, leaves its mutants and their verdicts as
    they were; any change to what it does, or to which of its lines are left alone,
    makes its verdicts lapse. (Until session 16 the hash was of the source text, so a
    type added to a signature sent every mutant of the function to be run again.)
    """
    bare = copy.deepcopy(fn)
    for node in ast.walk(bare):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            node.returns = None
            args = node.args
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if a is not None:
                    a.annotation = None
    lines = source.splitlines()[fn.lineno - 1:fn.end_lineno]
    marked = [line.strip() for line in lines if PRAGMA in line]
    text = ast.dump(bare) + "\n" + "\n".join(marked)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _skipped(fn: ast.AST) -> set[int]:
    """ids of the nodes never mutated: annotations, docstrings, defaults, decorators, asserts."""
    skip: set[int] = set()

    def drop(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(fn):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if a is not None:
                    drop(a.annotation)
            for d in (*args.defaults, *args.kw_defaults):
                drop(d)
            if not isinstance(node, ast.Lambda):
                drop(node.returns)
                for d in node.decorator_list:
                    drop(d)
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                        and isinstance(body[0].value.value, str):
                    drop(body[0])
        elif isinstance(node, ast.AnnAssign):
            drop(node.annotation)
        elif isinstance(node, (ast.Assert, ast.JoinedStr)):
            drop(node)
    return skip


#: a candidate: (node, description, the change made to that node in a copy of the tree)
Change = Callable[[ast.AST], ast.AST | None]


def _candidates(node: ast.AST) -> Iterator[tuple[str, Change]]:
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            if type(op) in _COMPARE:
                new = _COMPARE[type(op)]

                def change(n: ast.AST, i: int = i, new: type = new) -> ast.AST:
                    assert isinstance(n, ast.Compare)
                    n.ops[i] = new()
                    return n
                yield f"`{_SYMBOL[type(op)]}` -> `{_SYMBOL[new]}`", change
    elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in _ARITH:
        new = _ARITH[type(node.op)]

        def change(n: ast.AST, new: type = new) -> ast.AST:
            n.op = new()  # type: ignore[attr-defined]
            return n
        eq = "=" if isinstance(node, ast.AugAssign) else ""
        yield f"`{_SYMBOL[type(node.op)]}{eq}` -> `{_SYMBOL[new]}{eq}`", change
    elif isinstance(node, ast.BoolOp):
        new = ast.Or if isinstance(node.op, ast.And) else ast.And

        def change(n: ast.AST, new: type = new) -> ast.AST:
            n.op = new()  # type: ignore[attr-defined]
            return n
        yield f"`{_SYMBOL[type(node.op)]}` -> `{_SYMBOL[new]}`", change
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
        yield ("`not` dropped" if isinstance(node.op, ast.Not) else "unary `-` dropped"), \
            lambda n: n.operand  # type: ignore[attr-defined]
    elif isinstance(node, ast.Constant) and type(node.value) in (bool, int, float):
        value = node.value
        new_value = (not value) if isinstance(value, bool) else value + 1

        def change(n: ast.AST, v: object = new_value) -> ast.AST:
            n.value = v  # type: ignore[attr-defined]
            return n
        yield f"`{value!r}` -> `{new_value!r}`", change
    elif isinstance(node, ast.Return) and node.value is not None \
            and not (isinstance(node.value, ast.Constant) and node.value.value is None):
        def change(n: ast.AST) -> ast.AST:
            n.value = ast.Constant(None)  # type: ignore[attr-defined]
            return n
        yield "`return ...` -> `return None`", change
    elif isinstance(node, ast.Assign) and not (isinstance(node.value, ast.Constant) and node.value.value is None):
        def change(n: ast.AST) -> ast.AST:
            n.value = ast.Constant(None)  # type: ignore[attr-defined]
            return n
        yield "`x = ...` -> `x = None`", change
    elif isinstance(node, ast.Expr) and isinstance(node.value, (ast.Call, ast.Await)):
        yield "call dropped", lambda n: ast.Pass()
    elif isinstance(node, ast.Break):
        yield "`break` -> `continue`", lambda n: ast.Continue()
    elif isinstance(node, ast.Continue):
        yield "`continue` -> `break`", lambda n: ast.Break()


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node``, parents first, children in source order (fixed)."""
    yield node
    for child in ast.iter_child_nodes(node):
        yield from _walk(child)


def _sites(fn: ast.AST, lines: list[str]) -> Iterator[tuple[ast.AST, str, Change]]:
    skip = _skipped(fn)
    for node in _walk(fn):
        if node is fn or id(node) in skip:
            continue
        line = getattr(node, "lineno", None)
        if line is not None and PRAGMA in lines[line - 1]:
            continue
        for desc, change in _candidates(node):
            yield node, desc, change


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statement_span(site: ast.AST, parents: dict[int, ast.AST]) -> tuple[int, int]:
    """The lines of the statement ``site`` is in: the whole of a simple statement
    (an expression over several lines runs on each of them), the header of a compound
    one (``if x and y:`` up to its body; its body's statements are statements of their
    own; an ``except`` clause and a ``case`` are headers too). A run that executes none
    of these lines never evaluates the site."""
    node = site
    while not isinstance(node, (ast.stmt, ast.excepthandler, ast.match_case)):
        node = parents[id(node)]
    first = getattr(node, "lineno", None) or getattr(getattr(node, "pattern", None), "lineno", 1)
    inner = [b.lineno for f in _BODIES for b in (getattr(node, f, None) or []) if hasattr(b, "lineno")]
    if site is node or not inner:  # a statement mutated whole (a call dropped), or a simple one
        return first, getattr(node, "end_lineno", None) or first
    return first, max(first, min(inner) - 1)


def mutants(source: str) -> list[Mutant]:
    """Every mutant of a module, function by function in source order."""
    tree = ast.parse(source)
    lines = source.splitlines()
    out = []
    for fn, node in functions(tree, source):
        parents = {id(c): p for p in ast.walk(node) for c in ast.iter_child_nodes(p)}
        for n, (site, desc, _) in enumerate(_sites(node, lines)):
            out.append(Mutant(fn.qualname, n, getattr(site, "lineno", fn.first), desc, fn.fn_hash,
                              _statement_span(site, parents)))
    return out


def _replace(parent: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for field, value in ast.iter_fields(parent):
        if value is old:
            setattr(parent, field, new)
            return
        if isinstance(value, list):
            for i, item in enumerate(value):
                if item is old:
                    value[i] = new
                    return
    raise ValueError("node not found under its parent")


def mutated_tree(source: str, mutant: Mutant) -> ast.Module:
    """The module's tree with that one mutant applied (ValueError: no such mutant)."""
    tree = copy.deepcopy(ast.parse(source))
    lines = source.splitlines()
    parents = {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}
    for fn, node in functions(tree, source):
        if fn.qualname != mutant.qualname:
            continue
        if fn.fn_hash != mutant.fn_hash:
            raise ValueError(f"{mutant.qualname} has changed since its mutants were listed")
        for n, (site, _, change) in enumerate(_sites(node, lines)):
            if n == mutant.n:
                new = change(site)
                if new is not site:
                    _replace(parents[id(site)], site, new)  # type: ignore[arg-type]
                return ast.fix_missing_locations(tree)
    raise ValueError(f"no mutant {mutant.key}")


def mutated_source(source: str, mutant: Mutant) -> str:
    """The module's text with the mutant applied (for a fresh process, and for reading)."""
    return ast.unparse(mutated_tree(source, mutant))
