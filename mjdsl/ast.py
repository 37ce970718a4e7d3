"""The typed tree of a ruleset: small frozen classes, every node with its span.

Built only by :mod:`mjdsl.syntax.build` (the one module that knows Lark trees).
A ruleset file is a :class:`Program`: a list of top-level statements. Blocks
(``tiles { ... }``) hold their statements in order; the checks and the lowering
read them through :meth:`Block.one` and :meth:`Block.all`. Names line up across
stages: the ``charleston`` block is :class:`CharlestonBlock`, checked in
``check/charleston.py`` and lowered by ``lower_charleston``.
"""

from __future__ import annotations

from typing import Iterator, TypeVar, Union

import attrs

from .source import Span

T = TypeVar("T")


@attrs.frozen
class Word:
    """A name or a tile code as written, with where it was written."""

    text: str
    span: Span

    def __str__(self) -> str:
        return self.text


# -----------------------------------------------------------------------------
# Expressions (conditions, amounts, predicates)
# -----------------------------------------------------------------------------


@attrs.frozen
class Num:
    value: float
    span: Span


@attrs.frozen
class Bool:
    value: bool
    span: Span


@attrs.frozen
class Str:
    value: str
    span: Span


@attrs.frozen
class Name:
    """A name in an expression: an option, a fact of the hand, or a class of tiles."""

    id: str
    span: Span


@attrs.frozen
class Call:
    """``fn(args...)``: a function of the fact vocabulary (``count``, ``tiles``)."""

    fn: str
    args: tuple["Expr", ...]
    span: Span


@attrs.frozen
class Not:
    operand: "Expr"
    span: Span


@attrs.frozen
class BinOp:
    """``left op right``; op is one of ``and or == != < <= > >= + - * / ^``."""

    op: str
    left: "Expr"
    right: "Expr"
    span: Span


Expr = Union[Num, Bool, Str, Name, Call, Not, BinOp]
Value = Union[Num, Bool, Str, Name]


def names_in(expr: Expr | None) -> Iterator[Name]:
    """Every :class:`Name` an expression mentions, in order."""
    if expr is None:
        return
    if isinstance(expr, Name):
        yield expr
    elif isinstance(expr, Call):
        for a in expr.args:
            yield from names_in(a)
    elif isinstance(expr, Not):
        yield from names_in(expr.operand)
    elif isinstance(expr, BinOp):
        yield from names_in(expr.left)
        yield from names_in(expr.right)


# -----------------------------------------------------------------------------
# Blocks
# -----------------------------------------------------------------------------


@attrs.frozen
class Block:
    """A ``kind { ... }`` block: its statements in order, and its span (the keyword)."""

    span: Span
    stmts: tuple = ()

    KIND = "block"

    def all(self, cls: type[T]) -> list[T]:
        return [s for s in self.stmts if isinstance(s, cls)]

    def one(self, cls: type[T]) -> T | None:
        """The last statement of a type (the checks report duplicates)."""
        found = self.all(cls)
        return found[-1] if found else None


@attrs.frozen
class TilesBlock(Block):
    KIND = "tiles"


@attrs.frozen
class SeatsBlock(Block):
    count: int = 4
    KIND = "seats"


@attrs.frozen
class WallBlock(Block):
    KIND = "wall"


@attrs.frozen
class DealBlock(Block):
    KIND = "deal"


@attrs.frozen
class CharlestonBlock(Block):
    condition: Expr | None = None
    KIND = "charleston"


@attrs.frozen
class ReplacementBlock(Block):
    KIND = "replacement"


@attrs.frozen
class PlayBlock(Block):
    KIND = "play"


@attrs.frozen
class ClaimsBlock(Block):
    KIND = "claims"


@attrs.frozen
class KongsBlock(Block):
    KIND = "kongs"


@attrs.frozen
class JokersBlock(Block):
    tile: Word | None = None
    KIND = "jokers"


@attrs.frozen
class WinningBlock(Block):
    KIND = "winning"


@attrs.frozen
class DeadBlock(Block):
    KIND = "dead hand"


@attrs.frozen
class ScoringBlock(Block):
    KIND = "scoring"


@attrs.frozen
class PaymentsBlock(Block):
    KIND = "payments"


@attrs.frozen
class SessionBlock(Block):
    KIND = "session"


BLOCK_TYPES = (
    TilesBlock, SeatsBlock, WallBlock, DealBlock, CharlestonBlock, ReplacementBlock,
    PlayBlock, ClaimsBlock, KongsBlock, JokersBlock, WinningBlock, DeadBlock,
    ScoringBlock, PaymentsBlock, SessionBlock,
)

# -----------------------------------------------------------------------------
# Top-level statements
# -----------------------------------------------------------------------------


@attrs.frozen
class RulesetDecl:
    name: str
    span: Span


@attrs.frozen
class Extends:
    """``extends "base.mj"``: this file is an overlay stating only its differences."""

    path: str
    span: Span


@attrs.frozen
class Include:
    """``include "part.mj"``: the statements of another file, in place."""

    path: str
    span: Span


@attrs.frozen
class OptionDecl:
    """``option NAME = DEFAULT "meaning" [one of ...] [range LO..HI]``."""

    name: Word
    default: Value
    meaning: str
    choices: tuple[Word, ...] = ()
    range: tuple[float, float] | None = None
    span: Span = attrs.field(kw_only=True)


@attrs.frozen
class SetOption:
    """``set NAME = VALUE``: an option's value in force (overlays, house rules)."""

    name: Word
    value: Value
    span: Span


@attrs.frozen
class Remove:
    """``remove NAME...``: drop named rules, patterns or claims of the base ruleset."""

    names: tuple[Word, ...]
    span: Span


@attrs.frozen
class Flow:
    """``flow deal -> charleston -> play``: the phases of a hand, in order."""

    phases: tuple[Word, ...]
    span: Span


# -----------------------------------------------------------------------------
# Statements inside blocks
# -----------------------------------------------------------------------------


@attrs.frozen
class SuitDecl:
    """``suit NAME "letter" LO..HI xCOPIES [dragon "code"]``."""

    name: Word
    letter: Word
    low: int
    high: int
    copies: int
    dragon: Word | None
    span: Span


@attrs.frozen
class HonourDecl:
    """``wind|dragon "code"... xCOPIES``."""

    cls: str
    codes: tuple[Word, ...]
    copies: int
    span: Span


@attrs.frozen
class BonusDecl:
    """``flower|season "code"... xCOPIES [seat linked|interchangeable]``."""

    cls: str
    codes: tuple[Word, ...]
    copies: int
    link: str
    span: Span


@attrs.frozen
class JokerDecl:
    code: Word
    copies: int
    span: Span


@attrs.frozen
class ZeroDecl:
    """``zero "0"``: the tile that also serves as zero in numbers (the soap)."""

    code: Word
    span: Span


@attrs.frozen
class ClassDecl:
    """``class NAME "code"...``: a named class of tiles (``green``), for patterns and scoring."""

    name: Word
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class SeatWinds:
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class WallSetting:
    """``sides N`` / ``length N`` / ``height N`` / ``dead wall N`` / ``loose tiles N on wall``."""

    key: str
    value: int
    span: Span


@attrs.frozen
class WallBreak:
    """``break side|position dice N thrown by SEAT [counting from left [plus side]]``."""

    part: str
    dice: int
    thrown_by: str
    counting: str
    span: Span


@attrs.frozen
class DealStep:
    """``all|dealer|others N [xTIMES]``: one step of the deal."""

    who: str
    count: int
    times: int
    span: Span


@attrs.frozen
class NeverPass:
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class PassStep:
    """``pass N DIRECTION [blind [if COND]] [when COND]``: everyone passes N tiles.

    blind: tiles coming in may be forwarded unseen; blind_condition: when that is
    allowed (None: always). condition: when the pass happens at all.
    """

    count: int
    direction: str
    blind: bool
    condition: Expr | None
    span: Span
    blind_condition: Expr | None = None


@attrs.frozen
class OptionalRound:
    """``optional NAME stopped by any|all|majority { ... }``: passes a vote may skip."""

    name: Word
    vote: str
    stmts: tuple
    span: Span


@attrs.frozen
class CourtesyStep:
    """``courtesy DIRECTION LO..HI smaller|larger [when COND]``: paired offers, resolved."""

    direction: str
    low: int
    high: int
    offer: str
    condition: Expr | None
    span: Span


@attrs.frozen
class ReplaceWhat:
    kinds: tuple[str, ...]
    span: Span


@attrs.frozen
class ReplaceOrder:
    direction: str
    span: Span


@attrs.frozen
class ReplaceAgain:
    span: Span


@attrs.frozen
class DealerDraws:
    count: int
    span: Span


@attrs.frozen
class DealerOpens:
    span: Span


@attrs.frozen
class DrawFrom:
    where: str
    span: Span


@attrs.frozen
class ReplacementFrom:
    where: str
    span: Span


@attrs.frozen
class DiscardLive:
    until: str
    span: Span


@attrs.frozen
class WallGame:
    """``wall game when N left``: the hand ends with no winner when the live wall has N."""

    left: int
    span: Span


@attrs.frozen
class Announce:
    """``announce NAME ["title"] after first discard|after any discard|on turn
    [freezes hand] [required to win]``.

    time: when it may be made (after a discard only when the hand is calling; on
    turn at any time); freezes: the hand may no longer change; required: a player
    may go mah jongg only after making one of the announcements so marked.
    """

    name: Word
    title: str
    time: str
    freezes: bool
    span: Span
    required: bool = False


@attrs.frozen
class OriginalHand:
    seat: str
    span: Span


@attrs.frozen
class ClaimDecl:
    """``claim NAME [N same|run] from SEAT [or from SEAT for NAME] [when COND]``."""

    name: Word
    size: int | None
    shape: str | None
    source: str
    except_source: str | None
    except_for: Word | None
    condition: Expr | None
    span: Span


@attrs.frozen
class Priority:
    """``priority a > b c > d``: levels, highest first; claims in a level tie."""

    levels: tuple[tuple[Word, ...], ...]
    span: Span


@attrs.frozen
class TiesNextInTurn:
    span: Span


@attrs.frozen
class DeadDiscard:
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class KongAllowed:
    kind: str
    robbable: bool
    span: Span


@attrs.frozen
class KongReplacement:
    where: str
    span: Span


@attrs.frozen
class JokerStand:
    min_group: int
    span: Span


@attrs.frozen
class JokerSwap:
    """``swap from any exposure on turn [when COND]``."""

    span: Span
    condition: Expr | None = None


@attrs.frozen
class JokerDead:
    span: Span


@attrs.frozen
class JokerNeverPassed:
    span: Span


@attrs.frozen
class CardRef:
    path: str
    span: Span


@attrs.frozen
class ConcealedCalls:
    claim: Word
    span: Span


@attrs.frozen
class TileList:
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class ClassUnion:
    names: tuple[Word, ...]
    span: Span


TileClass = Union[TileList, ClassUnion]


@attrs.frozen
class PatternDecl:
    """``pattern NAME ["title"] { ... }``: a winning shape."""

    name: Word
    title: str
    stmts: tuple
    span: Span


@attrs.frozen
class PatSets:
    count: int
    span: Span


@attrs.frozen
class PatPairs:
    count: int
    span: Span


@attrs.frozen
class PatMaxChows:
    limit: Expr
    span: Span


@attrs.frozen
class PatEachOf:
    tiles: TileClass
    span: Span


@attrs.frozen
class PatExtraOf:
    tiles: TileClass
    span: Span


@attrs.frozen
class PatSuitCounts:
    counts: tuple[int, ...]
    span: Span


@attrs.frozen
class PatPairsOf:
    """``pairs N of CLASS [distinct]``: N pairs of tiles of a class (no two alike if distinct)."""

    count: int
    tiles: TileClass
    distinct: bool
    span: Span


@attrs.frozen
class PatKnitted:
    """``knitted N pair|pairs|triple|triples [distinct]``: N groups of one rank, one tile
    in each of two suits (pairs) or of three suits (triples)."""

    count: int
    width: int
    distinct: bool
    span: Span


@attrs.frozen
class PatExtraSameSuit:
    """``one more of that suit [+ CLASS...] [ranked LO..HI]``: one more tile of the suit a
    ``counts`` statement bound (or of the classes added), of those ranks if given."""

    span: Span
    also: tuple[Word, ...] = ()
    ranks: tuple[int, int] | None = None


@attrs.frozen
class PatConcealed:
    span: Span


@attrs.frozen
class DeadCause:
    cause: str
    span: Span


@attrs.frozen
class DeadRacked:
    span: Span


@attrs.frozen
class DeadPlayContinues:
    span: Span


@attrs.frozen
class ScoreValue:
    expr: Expr
    span: Span


@attrs.frozen
class ScoreLimit:
    expr: Expr
    span: Span


@attrs.frozen
class ScoreRoofOff:
    condition: Expr
    span: Span


@attrs.frozen
class ScoreBestSplit:
    span: Span


@attrs.frozen
class ScoreRule:
    """``rule NAME ["title"]: AMOUNT UNIT [per set|pair|bonus [where PRED]] [when COND]``."""

    name: Word
    title: str
    amount: float
    unit: str
    scope: str | None
    where: Expr | None
    condition: Expr | None
    span: Span


@attrs.frozen
class Pay:
    """``PAYER pays winner EXPR [when COND]``."""

    payer: str
    amount: Expr
    condition: Expr | None
    span: Span


@attrs.frozen
class SettleLosers:
    span: Span


@attrs.frozen
class DealerDouble:
    span: Span


@attrs.frozen
class Penalty:
    """``penalty NAME: -N points|limits``: what an offence costs (limits: times the limit)."""

    name: Word
    points: float
    span: Span
    unit: str = "points"


@attrs.frozen
class SessionHands:
    expr: Expr
    span: Span


@attrs.frozen
class SessionRounds:
    expr: Expr
    span: Span


@attrs.frozen
class DealerKeeps:
    condition: Expr
    span: Span


@attrs.frozen
class DealerRotates:
    span: Span


@attrs.frozen
class RoundWindRotates:
    span: Span


@attrs.frozen
class Program:
    """One parsed file: its statements in order."""

    path: str
    stmts: tuple
    span: Span

    def all(self, cls: type[T]) -> list[T]:
        return [s for s in self.stmts if isinstance(s, cls)]
