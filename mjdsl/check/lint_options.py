"""Lint: options that do nothing (MJ304, MJ305).

An option is declared once, with its meaning (options.py), and read by the
conditions and amounts that name it. One that no expression names changes
nothing whatever its value (MJ304). One whose every use lies where another
option has switched the rules off is set in vain: ``set blind_passes = on`` at
a table with ``charleston = off`` (MJ305). No declaration is needed for the
second: it is read off the conditions themselves, by folding them with the
options in force (the club table's options: blind passes only matter when
there is a Charleston).
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, warning
from .. import ast as A
from .lint_support import fold, is_false, is_own, option_names, probe_values
from .sites import Site, sites
from ..ir.expr import Const


def check_option_use(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    uses: dict[str, list[Site]] = {}
    for site in sites(rs):
        for name in option_names(site.expr, ctx.options):
            uses.setdefault(name, []).append(site)
    out: list[Diagnostic] = []
    for s in rs.statements:
        if isinstance(s, A.OptionDecl) and s.name.text in ctx.options and s.name.text not in uses:
            out.append(warning("MJ304", f"option `{s.name.text}` is never used: no condition or amount names it",
                               s.name.span, f"use it (e.g. `when {s.name.text}`) where it should change the rules, "
                                            "or delete it"))
    for name, setting in rs.settings.items():
        if name in ctx.options and name in uses:
            culprits = _switched_off(name, uses[name], ctx)
            if culprits:
                shown = ", ".join(f"`{c} = {ctx.options[c].describe_value()}`" for c in culprits)
                others = " or ".join(f"`{c}`" for c in culprits)
                out.append(warning("MJ305", f"`set {name}` changes nothing: {shown} switches off everything that uses it",
                                   setting.span, f"delete `set {name}`, or change {others}"))
    return [d for d in out if is_own(ctx, d.span)]


def _switched_off(name: str, used: list[Site], ctx) -> list[str]:
    """The options that switch off every use of ``name`` (empty if some use is live)."""
    values = ctx.options.values()
    culprits: list[str] = []
    for site in used:
        found = _why_dead(name, site, values, ctx)
        if not found:
            return []
        culprits += [c for c in found if c not in culprits]
    return culprits


def _why_dead(name: str, site: Site, values: dict, ctx) -> list[str]:
    """Options whose values make this use of ``name`` irrelevant ([] if it is live)."""
    exprs = [g for g in site.guards if is_false(g, values)]
    if not exprs:
        if not _irrelevant(name, site.expr, values, ctx):
            return []
        exprs = [site.expr]
    out = []
    for e in exprs:
        for other in option_names(e, ctx.options):
            if other == name:
                continue
            for v in probe_values(ctx.options[other]):
                if v != values[other] and _revives(name, site, {**values, other: v}, ctx):
                    out.append(other)
                    break
    return out


def _revives(name: str, site: Site, values: dict, ctx) -> bool:
    return not any(is_false(g, values) for g in site.guards) and not _irrelevant(name, site.expr, values, ctx)


def _irrelevant(name: str, expr, values: dict, ctx) -> bool:
    """Whether every value of ``name`` gives the expression the same constant."""
    results = set()
    for v in probe_values(ctx.options[name]):
        f = fold(expr, {**values, name: v})
        if not isinstance(f, Const):
            return False
        results.add((type(f.value).__name__, f.value))
    return len(results) == 1
