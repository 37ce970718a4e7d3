"""Lint: a state of the automaton that can't be reached (MJ307).

The ruleset's states are lowered, with the claims, kongs and dead-hand causes that say
which guards can fire (not its card, patterns, scoring or payments: reachability does
not need them), and its transitions are walked from ``start``; a state left unreached
is reported only if the whole ruleset (without its card) lowers, as before. A transition counts only if
its guard can ever be raised with the rules in force: ``claimed`` needs a claim
that makes an exposure, ``replace`` a kong declared on a turn, ``rob`` a kong
that may be robbed, ``won`` a winning hand, ``all_dead`` a cause of dead hands.
A state reached by no such path is reported at the rule it was lowered from.

The play phase is the same skeleton for every ruleset; a state of it serving a
feature the ruleset never mentions (robbing kongs at a table without kongs) is
not the author's doing and is not reported. One serving a feature the ruleset
declares but the options in force switch off (every exposure claim turned off)
is.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from .. import ast as A
from ..diagnostics import Diagnostic, MjError, warning
from .lint_support import is_own, option_names

#: What each step does, in words, for messages.
STEPS = {
    "pass": "a Charleston pass", "vote": "the vote to stop the Charleston", "offer": "the courtesy offer",
    "turn": "a turn", "claim_window": "the claim window", "replacement": "a kong's replacement draw",
    "rob_window": "the window to rob a kong", "draw": "the draw", "replace_bonus": "replacing bonus tiles",
    "play_start": "the start of play", "deal": "the deal", "settle": "the settlement",
}


def feasible(guard: str, auto) -> bool:
    """Whether the interpreter can ever raise this guard in this automaton."""
    kongs = auto.kongs
    if guard == "claimed":
        return any(not c.is_win for c in auto.claims)
    if guard == "replace":
        return bool(kongs.get("concealed") or kongs.get("added"))
    if guard == "rob":
        return bool(kongs.get("added") and kongs.get("robbable"))
    if guard == "all_dead":
        return bool(auto.dead_causes)
    return True  # always, won, stopped, wall_game, and guards added later


def declared(guard: str, rs) -> bool:
    """Whether the ruleset mentions the feature a guard serves (options aside)."""
    claims = rs.block(A.ClaimsBlock)
    kongs = rs.block(A.KongsBlock)
    if guard == "claimed":
        return claims is not None and any(c.size is not None for c in claims.all(A.ClaimDecl))
    if guard in ("replace", "rob"):
        return kongs is not None and bool(kongs.all(A.KongAllowed))
    if guard == "all_dead":
        return rs.block(A.DeadBlock) is not None
    return True


def walk(auto) -> tuple[set[str], dict[str, set[str]]]:
    """(the states reachable from start by transitions that can fire, and for each other
    state the guards that would have led there)."""
    seen = {auto.start} if auto.start else set()
    stack = list(seen)
    blocked: dict[str, set[str]] = {}
    while stack:
        s = auto.states.get(stack.pop())
        if s is None:
            continue
        for t in s.next:
            if not feasible(t.guard, auto):
                blocked.setdefault(t.target, set()).add(t.guard)
                continue
            if t.target not in seen:
                seen.add(t.target)
                stack.append(t.target)
    return seen, blocked


def check_reachable(ctx) -> list[Diagnostic]:
    auto = _skeleton(ctx)
    if auto is None or auto.start is None:
        return []
    seen, _ = walk(auto)
    if seen >= auto.states.keys():
        return []
    auto = _lower(ctx)  # something to report: only if the whole ruleset lowers, as always
    if auto is None or auto.start is None:
        return []
    seen, blocked = walk(auto)
    out = []
    for sid, s in auto.states.items():
        if sid in seen:
            continue
        guards = blocked.get(sid, set())
        if guards and not all(declared(g, ctx.ruleset) for g in guards):
            continue  # the skeleton of play, for a feature this ruleset does not have
        span = _where(ctx, guards, s.span)
        if span is None:
            continue  # nothing of it is in this file: the base's to report
        what = "the turn after a claimed discard" if s.params.get("after_claim") else STEPS.get(s.step, s.step)
        why = (" no transition into it can fire: " + ", ".join(f"`{g}` ({_needs(g)})" for g in sorted(guards))
               if guards else " no transition leads to it")
        out.append(warning("MJ307", f"state `{sid}` ({what}) can't be reached:{why}", span,
                           "see `mjdsl compile --emit dot`; an option in force may switch off what leads there"))
    return out


def _where(ctx, guards, state_span):
    """The first of this file's lines that explains it: a `set` that switched the feature
    off, the feature's declaration, the rule the state was lowered from."""
    rs = ctx.ruleset
    decls = [d for g in sorted(guards) for d in _feature(g, rs)]
    spans = [rs.settings[n].span for d in decls for n in option_names(getattr(d, "condition", None), ctx.options)
             if n in rs.settings]
    spans += [d.span for d in decls] + [state_span]
    return next((sp for sp in spans if is_own(ctx, sp)), None)


def _feature(guard: str, rs) -> list:
    claims = rs.block(A.ClaimsBlock)
    kongs = rs.block(A.KongsBlock)
    if guard == "claimed" and claims is not None:
        return [c for c in claims.all(A.ClaimDecl) if c.size is not None]
    if guard in ("replace", "rob") and kongs is not None:
        return kongs.all(A.KongAllowed)
    return []


def _needs(guard: str) -> str:
    return {"claimed": "no claim of an exposure is in force", "replace": "no kong may be declared on a turn",
            "rob": "no added kong may be robbed", "all_dead": "no hand can go dead"}.get(guard, "never raised")


class Skeleton(NamedTuple):
    """What :func:`walk` reads of an automaton: its states and the specs that say which
    guards can fire, lowered by the same functions as the whole ``ir.model.Automaton``."""

    start: str | None
    states: dict
    claims: tuple
    kongs: dict
    dead_causes: tuple[str, ...]


def _cardless(ctx):
    """The context with the ruleset's winning block read without its card."""
    rs = ctx.ruleset
    win = rs.block(A.WinningBlock)
    if win is not None:
        cardless = attrs.evolve(win, stmts=tuple(s for s in win.stmts if not isinstance(s, A.CardRef)))
        rs = attrs.evolve(rs, blocks={**rs.blocks, win.KIND: cardless})
    return attrs.evolve(ctx, ruleset=rs)


def _skeleton(ctx) -> Skeleton | None:
    """The states, claims, kongs and dead-hand causes alone: a tenth of the lowering.
    A state every transition reaches needs no more; one that is not is reported only if
    the whole ruleset lowers (:func:`_lower`), so the lint says what it said before."""
    from ..ir.lower import lower_claims, lower_dead_causes, lower_kongs, lower_states

    rs = _cardless(ctx).ruleset
    opts = ctx.options.values()
    try:
        start, states = lower_states(rs, opts)
        return Skeleton(start, states, lower_claims(rs, opts), lower_kongs(rs), lower_dead_causes(rs))
    except (MjError, Exception):  # noqa: BLE001 - a ruleset with errors: the checks report them
        return None


def _lower(ctx):
    """The automaton without its card, or None if the ruleset is too broken to lower."""
    from ..ir.lower import lower

    try:
        return lower(_cardless(ctx))
    except (MjError, Exception):  # noqa: BLE001 - a ruleset with errors: the checks report them
        return None
