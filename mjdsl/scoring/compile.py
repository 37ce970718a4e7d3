"""A ruleset's score conditions compiled into one Python function, for speed.

The automaton keeps each rule's condition as a closure (:mod:`mjdsl.ir.expr`) and
as an expression (``RuleSpec.when_expr``). Scoring evaluates some fifty conditions
for every reading of every hand, so the scorer turns the expressions of all hand
rules into the source of one function, with options folded in as constants and
the facts read straight from the hand's tables::

    if F['won'] and ((S >> 12) & 63) == 0:   # no_chow: when won and sets(chow) == 0
        out.append(31)

``F`` holds the facts of the hand; ``S``/``PA`` count the reading's sets and pairs
by predicate, ``T``/``B`` the hand's tiles and bonus tiles, packed 6 bits per
predicate in one int (:meth:`Tables.set_packed`), so ``sets(chow)`` is
``((S >> 12) & 63)``. The predicates are the closures of the set and tile
predicates, one per distinct text, registered with the tables. A condition using
a function this module does not know is called as its closure.
Tests check that both ways give the same answer (tests/test_scoring_compile.py).
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from .. import ast as A
from ..ast.text import expr_text
from ..facts import FACTS
from ..ir.expr import ARITHMETIC, choice_word, compile_expr, compile_relation, const_value
from .tables import Tables

_ARITH = {"+": "+", "-": "-", "*": "*", "/": "/", "^": "**"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_COUNTERS = {"sets": ("S", "set"), "pairs": ("PA", "set"), "tiles": ("T", "tile"), "bonus": ("B", "tile")}


@attrs.frozen
class CompiledRules:
    """hand: ``f(env, F, S, PA, T, B, R) -> [rule positions]`` for the hand rules whose
    condition holds; scoped: the same for the scoped rules that have a condition;
    value: ``f(env, F) -> score`` (None: the ruleset has no ``value``); uses_sets,
    uses_tiles: whether the counts must be made; source: the generated text."""

    hand: Callable
    scoped: Callable
    value: Callable | None
    uses_sets: bool
    uses_tiles: bool
    source: str


class _Gen:
    """Source text for expressions, collecting the objects the text names."""

    def __init__(self, t: Tables):
        self.t = t
        self.options = t.auto.options
        self.names: dict[str, object] = {}
        self.preds: dict[tuple[str, str], str] = {}
        self.uses_sets = False
        self.uses_tiles = False
        self.uses_last = False

    def pred(self, e, kind: str) -> str:
        key = (kind, expr_text(e))
        name = self.preds.get(key)
        if name is None:
            name = self.preds[key] = f"P{len(self.preds)}"
            closure = compile_expr(e, self.options)
            self.names[name] = closure
            if kind == "set":
                self.t.register_set_pred(closure)
                self.t.set_slots[closure] = 6 * len(self.t.set_slots)
            else:
                self.t.register_tile_pred(closure)
                self.t.tile_slots[closure] = 6 * len(self.t.tile_slots)
        return name

    def offset(self, name: str, kind: str) -> int:
        slots = self.t.set_slots if kind == "set" else self.t.tile_slots
        return slots[self.names[name]]

    def expr(self, e) -> str:
        if isinstance(e, (A.Num, A.Bool, A.Str)):
            return repr(e.value)
        if isinstance(e, A.Name):
            if e.id in self.options:
                return repr(self.options[e.id])
            return f"F[{e.id!r}]"
        if isinstance(e, A.Not):
            return f"(not {self.expr(e.operand)})"
        if isinstance(e, A.Neg):
            return f"(-{self.expr(e.operand)})"
        if isinstance(e, A.Related):
            return self.related(e)
        if isinstance(e, A.Call):
            return self.call(e)
        if e.op in ("==", "!="):
            word_l = choice_word(e.left, e.right, self.options)
            word_r = choice_word(e.right, e.left, self.options)
            if word_l is not None or word_r is not None:  # style == hk: known now
                return repr(const_value(compile_expr(e, self.options)))
        left, right = self.expr(e.left), self.expr(e.right)
        if e.op in ("and", "or"):
            return f"({self.truth(e.left, left)} {e.op} {self.truth(e.right, right)})"
        if e.op in _COMPARE:
            return f"({left} {e.op} {right})"
        return f"({left} {_ARITH[e.op]} {right})"

    def truth(self, e, text: str) -> str:
        """``and``/``or`` give booleans, as the closures do (``bool()`` where needed)."""
        if isinstance(e, (A.Not, A.Bool)):
            return text
        if isinstance(e, A.BinOp) and (e.op in _COMPARE or e.op in ("and", "or")):
            return text
        if isinstance(e, A.Name):
            if e.id in self.options:
                return text if isinstance(self.options[e.id], bool) else f"bool({text})"
            fact = FACTS.get(e.id)
            return text if fact is not None and fact.type == "bool" else f"bool({text})"
        if isinstance(e, A.Call) and e.fn in ("pattern", "wait", "winning_tile", "section", "announced", "calling_for"):
            return text  # these answer true or false; kinds(), discards_since()... count
        return f"bool({text})"

    def related(self, e: A.Related) -> str:
        """related(...): answered per reading by scoring.relations (remembered by keys)."""
        self.uses_sets = True
        name = f"REL{len([n for n in self.names if n.startswith('REL')])}"
        self.names[name] = compile_relation(e, self.options)
        return f"RELATED(env.t, {name}, R.keys)"

    def call(self, e: A.Call) -> str:
        fn = e.fn
        arg = e.args[0] if e.args else None
        if fn in ARITHMETIC:
            args = ", ".join(self.expr(a) for a in e.args)
            return f"{fn}({args})" if fn != "round_up" else f"ROUND_UP({args})"
        if fn in _COUNTERS:
            counter, kind = _COUNTERS[fn]
            if kind == "set":
                self.uses_sets = True
            else:
                self.uses_tiles = True
            return f"(({counter} >> {self.offset(self.pred(arg, kind), kind)}) & 63)"
        if fn == "last_in":
            self.uses_last = True
            return f"((L >> {self.offset(self.pred(arg, 'set'), 'set')}) & 63)"
        if fn == "pattern" and isinstance(arg, A.Name):
            return f"(R.pattern == {arg.id!r})"
        if fn == "wait" and isinstance(arg, A.Name):
            return f"(WAIT(env, R) == {arg.id!r})"
        if fn == "winning_tile" and isinstance(arg, A.Str):
            return f"(env.inp.winning_tile == {self.t.code_index.get(arg.value, -1)})"
        if fn == "section" and isinstance(arg, A.Str):
            return f"(env.inp.card is not None and env.inp.card.section == {arg.value!r})"
        if fn == "announced" and isinstance(arg, A.Name):
            return f"({arg.id!r} in env.inp.announcements)"
        if fn in ("discards_since", "claims_since") and isinstance(arg, A.Name):
            return f"F[{(fn, arg.id)!r}]"
        if fn == "variants" and isinstance(arg, A.Name):
            return f"VARIANTS(env, {arg.id!r})"
        if fn == "calling_for":
            names = tuple(a.id for a in e.args if isinstance(a, A.Name))
            return f"CALLING_FOR(env, {names!r})"
        if fn == "kinds" and arg is not None:
            return f"KINDS(env, {self.expr(arg)})"
        raise _Unknown(fn)


class _Unknown(Exception):
    """A function the generator does not know: the rule is called as its closure."""


def compile_rules(t: Tables) -> CompiledRules:
    """The hand rules, the scoped rules' conditions and the value of ``t``'s automaton."""
    from .env import CALLING_FOR, KINDS, VARIANTS, times_of, wait_shape
    from .relations import related_count

    gen = _Gen(t)
    blocks: dict[str, list[str]] = {"hand": [], "scoped": []}
    for i, rule in enumerate(t.rules):
        if rule.when is None and rule.times is None:
            continue
        target = blocks["hand" if rule.scope is None else "scoped"]
        cond = "True" if rule.when is None else None
        if rule.when_expr is not None:
            try:
                cond = gen.expr(rule.when_expr)
            except _Unknown:
                cond = None
        if cond is None:
            gen.names[f"W{i}"] = rule.when
            cond = f"W{i}(env)"
        if rule.times is None:
            target.append(f"    if {cond}:  # {rule.name}\n        out.append({i})")
            continue
        # `per COUNT`: the rule's position once per time it counts (none: it does not apply)
        try:
            times = gen.expr(rule.times_expr)
        except _Unknown:
            gen.names[f"N{i}"] = rule.times
            times = f"N{i}(env)"
        target.append(f"    if {cond}:  # {rule.name}\n        out += [{i}] * TIMES({times})")
    always = [i for i in t.hand_rules if t.rules[i].when is None and t.rules[i].times is None]
    # the packed predicates of the set the winning tile completed, for last_in(...)
    last = ["    L = PK(R.keys[R.last]) if R.last >= 0 else 0"] if gen.uses_last else []
    lines = ["def _hand(env, F, S, PA, T, B, R):", *last, f"    out = {always!r}", *blocks["hand"], "    return out", "",
             "def _scoped(env, F, S, PA, T, B, R):", *last, "    out = []", *blocks["scoped"], "    return out", ""]
    value_expr = t.spec.value_expr
    if t.spec.value is None:
        lines.append("_value = None")
    elif value_expr is not None:
        try:
            lines += ["def _value(env, F):", f"    return {gen.expr(value_expr)}"]
        except _Unknown:
            gen.names["V"] = t.spec.value
            lines += ["def _value(env, F):", "    return V(env)"]
    else:
        gen.names["V"] = t.spec.value
        lines += ["def _value(env, F):", "    return V(env)"]
    source = "\n".join(lines) + "\n"
    namespace: dict[str, Any] = {"CALLING_FOR": CALLING_FOR, "WAIT": wait_shape, "PK": t.set_packed, "RELATED": related_count,
                                 "KINDS": KINDS, "VARIANTS": VARIANTS, "TIMES": times_of,
                                 "ROUND_UP": ARITHMETIC["round_up"], **gen.names}
    exec(compile(source, f"<scoring {t.auto.name}>", "exec"), namespace)  # noqa: S102 - generated from the checked AST
    return CompiledRules(namespace["_hand"], namespace["_scoped"], namespace["_value"], gen.uses_sets,
                         gen.uses_tiles, source)
