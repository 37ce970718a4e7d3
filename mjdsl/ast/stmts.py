"""Statements inside blocks, one small class each (in grammar order)."""

from __future__ import annotations

from typing import Union

import attrs

from ..source import Span
from .expr import Expr, Word



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
class VariantDecl:
    """``variant NAME "code" xN of "base"``: N of the copies of the tile ``base`` are a
    variant, written ``code``: it plays as ``base`` everywhere (patterns, claims, waits)
    and scoring counts it (``variants(NAME)``); riichi's red fives."""

    name: Word
    code: Word
    copies: int
    base: Word
    span: Span


@attrs.frozen
class SeatWinds:
    codes: tuple[Word, ...]
    span: Span


@attrs.frozen
class SeatPlayers:
    """``players N`` in ``seats``: N players share the seats, one sitting out each hand.

    The players sit in a circle; each hand the dealer and the players after them fill
    the seats in turn order, so the dealer of the hand before sits out and the player
    who sat out comes back in the seat before the dealer's."""

    count: int
    span: Span


@attrs.frozen
class CycleDecl:
    """``cycle suits`` / ``cycle "E" "S" "W" "N"``: the order an indicator points along;
    the tile after an indicator is the next of its cycle, the first after the last.
    suits: each suit's ranks, in order; codes: the tiles named, in order."""

    codes: tuple
    suits: bool
    span: Span


@attrs.frozen
class WallIndicators:
    """``indicators N [more after each kong]``: N tiles of the dead wall shown face up
    from the start (and one more after each kong declared); each points at the tile
    after it in its cycle."""

    count: int
    per_kong: bool
    span: Span


@attrs.frozen
class WallUnder:
    """``under indicators [when COND]``: the tile under each indicator shown is turned
    up at the end of the hand for a winner of whom COND (a fact of the table) holds."""

    condition: object
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
    may go mah jongg only after making one of the announcements so marked;
    condition (``if EXPR``): it may be made only when this fact of the table holds.
    """

    name: Word
    title: str
    time: str
    freezes: bool
    span: Span
    required: bool = False
    condition: Expr | None = None


@attrs.frozen
class NoDiscard:
    """``no discard when COND``: a tile may not be discarded while COND, a condition of
    the table asked of that tile (``just_claimed``, ``claim_swap``, ``own_discard``...),
    holds; a hand with every tile so refused may discard any."""

    condition: object
    span: Span


@attrs.frozen
class Abort:
    """``abort "TITLE" when COND``: an abortive draw. Before each draw from the wall
    (a discard has just gone unclaimed) the hand ends with no winner, and no wall-game
    payments, when COND holds; COND reads the facts of the whole table (``kongs``,
    ``kong_seats``, ``announcers(NAME)``, ``alike_discards(PRED)``, ``discards``...),
    asked for the seat about to draw. TITLE names it in the log and the rule book."""

    title: str
    condition: object
    span: Span


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
class SeveralWin:
    """``several win on one discard [when COND]``: every seat that claims a discard
    for mah jongg wins and is paid (double ron), not only the nearest after the
    discarder; ``condition`` is of options."""

    condition: object
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
class KnitRanks:
    """``knitted 147 258 369``: rank groups tied to suits, each group (its digits are
    its ranks) in a different suit, the suits chosen once for the whole pattern."""

    groups: tuple[tuple[int, ...], ...]
    span: Span


@attrs.frozen
class ClassUnion:
    """Tiles named by class, joined by ``+``; ``knitted``: a knitted term among them."""

    names: tuple[Word, ...]
    span: Span
    knitted: KnitRanks | None = None


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
class PatSingles:
    """``singles N of CLASS``: N different tiles of a class, one of each."""

    count: int
    tiles: TileClass
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
class ScoreClaimedKongsConcealed:
    """``claimed kongs count concealed``: a kong made by claiming the fourth tile of a
    concealed pung scores as a concealed kong (a table's choice; without it, exposed)."""

    span: Span


@attrs.frozen
class ScoreLimitsAdd:
    """``limits add``: the limit rules that apply add up (riichi's double yakuman: two
    yakuman are two limits); without it the largest limit rule counts."""

    span: Span


@attrs.frozen
class ScoreRule:
    """``rule NAME ["title"]: AMOUNT UNIT [per set|pair|bonus [where PRED] | per COUNT] [when COND]``.

    times: ``per COUNT`` (a hand rule only): the rule counts COUNT times in a reading,
    the amount each time (``1 point per related(2 chow, ...)``: twice a mixed double
    chow is 2 points); None: once."""

    name: Word
    title: str
    amount: float
    unit: str
    scope: str | None
    where: Expr | None
    condition: Expr | None
    span: Span
    times: Expr | None = None


@attrs.frozen
class ScoreLet:
    """``let NAME = EXPR``: a name for a sub-expression, usable in the later
    expressions of the scoring and payments blocks (written in where it is used)."""

    name: Word
    expr: Expr
    span: Span


@attrs.frozen
class ScoreExcludes:
    """``rule RULE excludes RULE...``: when the first rule applies to a reading, the others
    are not counted in it (a fan that implies another is not counted twice)."""

    name: Word
    excluded: tuple[Word, ...]
    span: Span


@attrs.frozen
class ScoreAlone:
    """``rule RULE counts alone [except RULE...]``: the rule counts only in a reading where
    no other rule applies but those after ``except`` (Chinese Official's chicken hand:
    no fan but the flowers)."""

    name: Word
    unless: tuple[Word, ...]
    span: Span


@attrs.frozen
class ScoreAccount:
    """``account once RULE...``: the groups of sets these ``per related(...)`` rules count
    are chosen together, so that a set already combined in one group is combined once
    more only with sets not combined yet (Chinese Official's "account once" principle:
    234b 567b 234c 567c makes three of its four pairs, not four). Of the ways to choose,
    the one worth most counts (scoring/accounts.py)."""

    rules: tuple[Word, ...]
    span: Span


@attrs.frozen
class ScoreMinimum:
    """``win only when COND``: a hand wins only if COND holds of its best reading
    (the minimum to go out); the engine offers no mah jongg below it."""

    condition: Expr
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
class FirstDealer:
    """``first dealer by dice N thrown by each``: every seat throws N dice before the
    first hand; the highest total deals first, the tied throwing again."""

    dice: int
    span: Span
