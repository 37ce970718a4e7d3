"""Statements of issue 10's state and payments: what a hand keeps outside the
winner's settlement (deposits into a pot, payments at a wall game, instant
payments on a kong) and what a session counts (honba).

The facts of the table these statements and the claim conditions read are in
:mod:`mjdsl.facts` (the ``table`` context).
"""

from __future__ import annotations

from ..source import Span
from .expr import Expr, Word
from .make import node


@node
class Deposit:
    """``deposit N points on announce NAME``: making announcement ``name`` puts N
    points into the pot; the next winner takes the pot, a wall game carries it on."""

    points: float
    name: Word
    span: Span


@node
class WallGamePay:
    """``wall game: not calling pay calling N points shared``: at a wall game the hands
    not calling pay N in all, shared equally among them, to the calling hands, shared
    equally among them (nothing when all or none are calling)."""

    points: float
    span: Span


@node
class InstantPay:
    """``on concealed|claimed|added kong: others pay N points``: when a seat makes such
    a kong, every other seat pays it N points at once."""

    event: str
    points: float
    span: Span


@node
class BonusMember:
    """One member of a bonus group: a tile by its code (``"cat"``), the seat's own
    tile of a seat-linked kind (``own flower``), or every tile of a kind (``all animal``)."""

    how: str  # "code", "own" or "all"
    word: Word
    span: Span


@node
class BonusPay:
    """``on bonus MEMBER...: others pay N points``: when the bonus tiles a seat has set
    aside first hold every tile the members name (the tile just set aside completing
    them), every other seat pays it N points at once (Singapore's "bite")."""

    members: tuple[BonusMember, ...]
    points: float
    span: Span


@node
class FeederPays:
    """``feeder of N sets where PRED pays [SHARE] for GROUP [when COND]``: responsibility.

    The feeder is the seat whose discard the winner claimed (or won on) for the set
    that brought the winner's sets matching ``where`` to ``count`` (the third dragon
    set, the fourth wind set). When ``condition`` holds, the feeder takes on ``share``
    (0 < share <= 1; 1 when not written) of what each loser of ``group`` pays the
    winner: ``losers`` (every other loser), ``discarder`` (the winning tile's
    discarder), ``others`` (the losers but the discarder)."""

    count: int
    where: Expr
    share: float
    group: str
    condition: Expr | None
    span: Span


@node
class SessionCounter:
    """``counter NAME ["title"] counts hands in a row when COND``: after each hand the
    counter goes up by one when COND held of that hand, else back to 0; score rules,
    payments and claim conditions read it by its name."""

    name: Word
    title: str
    condition: Expr
    span: Span
