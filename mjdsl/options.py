"""The registry of a ruleset's options: name, type, default, meaning, value in force.

Options are declared in rulesets (``option NAME = DEFAULT "meaning"``), changed by
overlays (``set NAME = VALUE``) and on the command line (``--set NAME=VALUE``).
:func:`option_table` builds the one registry every other stage reads; it reports
wrong types and unknown names as diagnostics, never raising.
"""

from __future__ import annotations

import difflib
from decimal import Decimal, InvalidOperation
from typing import Iterable

import attrs

from . import ast as A
from .diagnostics import Diagnostic, InputError, error
from .source import BUILTIN, Span
from .syntax.numbers import MAX_NUMBER, too_large, too_large_message

TYPES = ("bool", "int", "number", "string", "choice")


@attrs.frozen
class Option:
    """One option.

    name, type (one of :data:`TYPES`), default and meaning as declared;
    choices for ``choice`` options; range (inclusive) for numbers;
    value: the value in force; set_at: where it was last set (None: the default);
    span: the declaration; used_at: every place an expression names it.
    """

    name: str
    type: str
    default: object
    meaning: str
    span: Span
    value: object
    set_at: Span | None = None
    choices: tuple[str, ...] = ()
    range: tuple[float, float] | None = None
    used_at: tuple[Span, ...] = ()

    def describe_value(self, v=None) -> str:
        v = self.value if v is None else v
        if self.type == "bool":
            return "on" if v else "off"
        return str(v)


def value_of(v: A.Value):
    if isinstance(v, A.Bool):
        return v.value
    if isinstance(v, A.Num):
        return v.value
    if isinstance(v, A.Str):
        return v.value
    return v.id


def type_of(decl: A.OptionDecl) -> str:
    d = decl.default
    if isinstance(d, A.Bool):
        return "bool"
    if isinstance(d, A.Num):
        return "int" if isinstance(d.value, int) else "number"
    if isinstance(d, A.Str):
        return "string"
    return "choice"


def _check_value(opt: Option, raw, span: Span) -> tuple[object, Diagnostic | None]:
    """Coerce a value for an option; a diagnostic if it does not fit."""
    t = opt.type
    bad = None
    if t == "bool" and not isinstance(raw, bool):
        bad = "on or off"
    elif t == "int" and (isinstance(raw, bool) or not isinstance(raw, int)):
        bad = "a whole number"
    elif t == "number" and (isinstance(raw, bool) or not isinstance(raw, (int, float))):
        bad = "a number"
    elif t == "string" and not isinstance(raw, str):
        bad = "a quoted string"
    elif t == "choice" and opt.choices and raw not in opt.choices:  # no choices at all is MJ213
        bad = "one of " + ", ".join(opt.choices)
    if bad:
        shown = ("on" if raw else "off") if isinstance(raw, bool) else repr(raw) if isinstance(raw, str) else raw
        return raw, error("MJ211", f"option `{opt.name}` takes {bad}, not {shown}", span,
                          f"`{opt.name}` is declared as {t} at {opt.span}")
    if opt.range and isinstance(raw, (int, float)) and not (opt.range[0] <= raw <= opt.range[1]):
        lo, hi = opt.range
        return raw, error("MJ212", f"option `{opt.name}` = {raw} is outside its range {lo:g}..{hi:g}", span,
                          f"give a value from {lo:g} to {hi:g}")
    return raw, None


@attrs.frozen
class OptionTable:
    """All options of a ruleset, by name, in declaration order."""

    options: dict

    def __getitem__(self, name: str) -> Option:
        return self.options[name]

    def __contains__(self, name: str) -> bool:
        return name in self.options

    def __iter__(self):
        return iter(self.options.values())

    def values(self) -> dict:
        return {o.name: o.value for o in self.options.values()}

    def suggest(self, name: str) -> str:
        close = difflib.get_close_matches(name, list(self.options), n=1)
        return f"did you mean `{close[0]}`?" if close else "declare it with `option`"


def option_table(ruleset, cli_sets: Iterable[tuple[str, str]] = ()) -> tuple[OptionTable, list[Diagnostic]]:
    """Declared options with overlays' ``set`` values and command-line values applied."""
    diags: list[Diagnostic] = []
    opts: dict[str, Option] = {}
    for decl in ruleset.options.values():
        typ = type_of(decl)
        choices = tuple(w.text for w in decl.choices)
        opt = Option(decl.name.text, typ, value_of(decl.default), decl.meaning, decl.span, value_of(decl.default),
                     choices=choices, range=decl.range)
        if typ == "choice" and not choices:
            diags.append(error("MJ213", f"option `{opt.name}` has a name as default but no `one of` choices",
                               decl.default.span, "list the choices: `one of a b c`, or quote a string default"))
        _, d = _check_value(opt, opt.default, decl.default.span)
        if d:
            diags.append(d)
        opts[opt.name] = opt
    for s in ruleset.settings.values():
        name = s.name.text
        if name not in opts:
            if not getattr(ruleset, "base_missing", False):  # else it is the missing base's option
                diags.append(error("MJ210", f"unknown option `{name}`", s.name.span, OptionTable(opts).suggest(name)))
            continue
        v, d = _check_value(opts[name], value_of(s.value), s.value.span)
        if d:
            diags.append(d)
            continue
        opts[name] = attrs.evolve(opts[name], value=v, set_at=s.span)
    table = OptionTable(opts)
    for name, text in cli_sets:
        if name not in opts:
            raise OptionRefused(name, None, f"unknown option; {table.suggest(name)}")
        v = parse_cli_value(opts[name], text)
        _, d = _check_value(opts[name], v, BUILTIN)
        if d:
            raise OptionRefused(name, text, d.message)
        opts[name] = attrs.evolve(opts[name], value=v, set_at=BUILTIN)
    uses = option_uses(ruleset)
    opts = {name: attrs.evolve(o, used_at=tuple(uses.get(name, ()))) for name, o in opts.items()}
    return OptionTable(opts), diags


def option_uses(ruleset) -> dict[str, list[Span]]:
    """Where each name is used in an expression of the ruleset, in the order the ruleset reads."""
    from .check.names import expressions

    out: dict[str, list[Span]] = {}
    for expr, _ in expressions(ruleset):
        for n in names_used(expr):
            out.setdefault(n.id, []).append(n.span)
    return out


def names_used(expr):
    """The names an expression reads as values (options, facts), in order: not the rule,
    pattern or announcement names given to functions."""
    from .facts import FUNCTIONS

    stack = [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, A.Name):
            yield e
        elif isinstance(e, (A.Not, A.Neg)):
            stack.append(e.operand)
        elif isinstance(e, A.Related):
            stack.append(e.pred)
        elif isinstance(e, A.BinOp):
            stack += [e.right, e.left]
        elif isinstance(e, A.Call):
            fn = FUNCTIONS.get(e.fn)
            if fn is None or any(k in ("set-pred", "tile-pred", "number", "numbers") for k in fn.args):
                stack += list(reversed(e.args))


class OptionRefused(InputError):
    """A value set for an option (``--set NAME=VALUE``, or a log's options) that the ruleset
    refuses: it names the option and the reason, so a caller can say whose value it was."""

    def __init__(self, option: str, text: str | None, reason: str):
        super().__init__(f"--set {option}{'' if text is None else '=' + text}: {reason}")
        self.option = option
        self.text = text
        self.reason = reason

    def __reduce__(self):  # (raised in a worker process, it is pickled back)
        return (OptionRefused, (self.option, self.text, self.reason))


def parse_cli_value(opt: Option, text: str):
    t = text.strip()
    if opt.type == "bool":
        if t.lower() in ("on", "true", "yes", "1"):
            return True
        if t.lower() in ("off", "false", "no", "0"):
            return False
        raise OptionRefused(opt.name, text, "expected on or off")
    if opt.type in ("int", "number"):
        try:
            v = Decimal(t)  # exact: a float would read 99999999999999999999999999 as another number
        except InvalidOperation:
            raise OptionRefused(opt.name, text, "expected a number") from None
        if not v.is_finite():
            raise OptionRefused(opt.name, text, "expected a number")
        if too_large(str(abs(v)), MAX_NUMBER):
            raise OptionRefused(opt.name, text, too_large_message(t, MAX_NUMBER, "a ruleset"))
        if v == v.to_integral_value() and opt.type == "int":
            return int(v)
        return float(v)
    return t


def parse_cli_sets(items: Iterable[str]) -> list[tuple[str, str]]:
    out = []
    for it in items:
        if "=" not in it:
            raise InputError(f"--set {it!r}: expected NAME=VALUE")
        name, _, value = it.partition("=")
        out.append((name.strip(), value))
    return out
