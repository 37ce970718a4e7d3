"""Statements inside blocks, one small class each (in grammar order)."""

from __future__ import annotations

from typing import Union

from ..source import Span
from .expr import Expr, Word
from .make import node



@node
class SuitDecl:
    """``suit NAME "letter" LO..HI xCOPIES [dragon "code"]``."""

    name: Word
    letter: Word
    low: int
    high: int
    copies: int
    dragon: Word | None
    span: Span


@node
class HonourDecl:
    """``wind|dragon "code"... xCOPIES``."""

    cls: str
    codes: tuple[Word, ...]
    copies: int
    span: Span


@node
class BonusDecl:
    """``flower|season "code"... xCOPIES [seat linked|interchangeable]``."""

    cls: str
    codes: tuple[Word, ...]
    copies: int
    link: str
    span: Span


@node
class JokerDecl:
    code: Word
    copies: int
    span: Span


@node
class ZeroDecl:
    """``zero "0"``: the tile that also serves as zero in numbers (the soap)."""

    code: Word
    span: Span


@node
class ClassDecl:
    """``class NAME "code"...``: a named class of tiles (``green``), for patterns and scoring."""

    name: Word
    codes: tuple[Word, ...]
    span: Span


@node
class VariantDecl:
    """``variant NAME "code" xN of "base"``: N of the copies of the tile ``base`` are a
    variant, written ``code``: it plays as ``base`` everywhere (patterns, claims, waits)
    and scoring counts it (``variants(NAME)``); riichi's red fives."""

    name: Word
    code: Word
    copies: int
    base: Word
    span: Span


@node
class SeatWinds:
    codes: tuple[Word, ...]
    span: Span


@node
class SeatPlayers:
    """``players N`` in ``seats``: N players share the seats, one sitting out each hand.

    The players sit in a circle; each hand the dealer and the players after them fill
    the seats in turn order, so the dealer of the hand before sits out and the player
    who sat out comes back in the seat before the dealer's."""

    count: int
    span: Span


@node
class CycleDecl:
    """``cycle suits`` / ``cycle "E" "S" "W" "N"``: the order an indicator points along;
    the tile after an indicator is the next of its cycle, the first after the last.
    suits: each suit's ranks, in order; codes: the tiles named, in order."""

    codes: tuple
    suits: bool
    span: Span


@node
class WallIndicators:
    """``indicators N [more after each kong]``: N tiles of the dead wall shown face up
    from the start (and one more after each kong declared); each points at the tile
    after it in its cycle."""

    count: int
    per_kong: bool
    span: Span


@node
class WallUnder:
    """``under indicators [when COND]``: the tile under each indicator shown is turned
    up at the end of the hand for a winner of whom COND (a fact of the table) holds."""

    condition: object
    span: Span


@node
class WallSetting:
    """``sides N`` / ``length N`` / ``height N`` / ``dead wall N`` / ``loose tiles N on wall``."""

    key: str
    value: int
    span: Span


@node
class WallBreak:
    """``break side|position dice N thrown by SEAT [counting from left [plus side]]``."""

    part: str
    dice: int
    thrown_by: str
    counting: str
    span: Span


@node
class DealStep:
    """``all|dealer|others N [xTIMES]``: one step of the deal."""

    who: str
    count: int
    times: int
    span: Span


@node
class NeverPass:
    codes: tuple[Word, ...]
    span: Span


@node
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


@node
class OptionalRound:
    """``optional NAME stopped by any|all|majority { ... }``: passes a vote may skip."""

    name: Word
    vote: str
    stmts: tuple
    span: Span


@node
class CourtesyStep:
    """``courtesy DIRECTION LO..HI smaller|larger [when COND]``: paired offers, resolved."""

    direction: str
    low: int
    high: int
    offer: str
    condition: Expr | None
    span: Span


@node
class ReplaceWhat:
    kinds: tuple[str, ...]
    span: Span


@node
class ReplaceOrder:
    direction: str
    span: Span


@node
class ReplaceAgain:
    span: Span


@node
class DealerDraws:
    count: int
    span: Span


@node
class DealerOpens:
    span: Span


@node
class DrawFrom:
    where: str
    span: Span


@node
class ReplacementFrom:
    where: str
    span: Span


@node
class DiscardLive:
    until: str
    span: Span


@node
class WallGame:
    """``wall game when N left``: the hand ends with no winner when the live wall has N."""

    left: int
    span: Span


@node
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


@node
class NoDiscard:
    """``no discard when COND``: a tile may not be discarded while COND, a condition of
    the table asked of that tile (``just_claimed``, ``claim_swap``, ``own_discard``...),
    holds; a hand with every tile so refused may discard any."""

    condition: object
    span: Span


@node
class Abort:
    """``abort "TITLE" [after claims | by choice] when COND``: an abortive draw, the hand
    ended with no winner and no wall-game payments. COND reads the facts of the whole
    table (``kongs``, ``kong_seats``, ``announcers(NAME)``, ``alike_discards(PRED)``,
    ``discards``...). TITLE names it in the log and the rule book.

    point: when it is asked. ``draw``: before each draw from the wall (a discard has just
    gone unclaimed), for the seat about to draw. ``claims``: when the claims on a discard
    are all in, before any stands (``win_claims``: the mah jongg claims made on it), for
    the discarder. ``choice``: offered to the seat on turn, after its draw, as a move it
    may make (``kinds_held(PRED)``: the kinds it holds); the hand ends only if it does."""

    title: str
    condition: object
    span: Span
    point: str = "draw"


@node
class OriginalHand:
    seat: str
    span: Span


@node
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


@node
class Priority:
    """``priority a > b c > d``: levels, highest first; claims in a level tie."""

    levels: tuple[tuple[Word, ...], ...]
    span: Span


@node
class TiesNextInTurn:
    span: Span


@node
class SeveralWin:
    """``several win on one discard [when COND]``: every seat that claims a discard
    for mah jongg wins and is paid (double ron), not only the nearest after the
    discarder; ``condition`` is of options."""

    condition: object
    span: Span


@node
class DeadDiscard:
    codes: tuple[Word, ...]
    span: Span


@node
class KongAllowed:
    kind: str
    robbable: bool
    span: Span


@node
class KongReplacement:
    where: str
    span: Span


@node
class JokerStand:
    min_group: int
    span: Span


@node
class JokerSwap:
    """``swap from any exposure on turn [when COND]``."""

    span: Span
    condition: Expr | None = None


@node
class JokerDead:
    span: Span


@node
class JokerNeverPassed:
    span: Span


@node
class CardRef:
    path: str
    span: Span


@node
class ConcealedCalls:
    claim: Word
    span: Span


@node
class TileList:
    codes: tuple[Word, ...]
    span: Span


@node
class KnitRanks:
    """``knitted 147 258 369``: rank groups tied to suits, each group (its digits are
    its ranks) in a different suit, the suits chosen once for the whole pattern."""

    groups: tuple[tuple[int, ...], ...]
    span: Span


@node
class ClassUnion:
    """Tiles named by class, joined by ``+``; ``knitted``: a knitted term among them."""

    names: tuple[Word, ...]
    span: Span
    knitted: KnitRanks | None = None


TileClass = Union[TileList, ClassUnion]


@node
class PatternDecl:
    """``pattern NAME ["title"] { ... }``: a winning shape."""

    name: Word
    title: str
    stmts: tuple
    span: Span


@node
class PatSets:
    count: int
    span: Span


@node
class PatPairs:
    count: int
    span: Span


@node
class PatMaxChows:
    limit: Expr
    span: Span


@node
class PatEachOf:
    tiles: TileClass
    span: Span


@node
class PatExtraOf:
    tiles: TileClass
    span: Span


@node
class PatSuitCounts:
    counts: tuple[int, ...]
    span: Span


@node
class PatPairsOf:
    """``pairs N of CLASS [distinct]``: N pairs of tiles of a class (no two alike if distinct)."""

    count: int
    tiles: TileClass
    distinct: bool
    span: Span


@node
class PatKnitted:
    """``knitted N pair|pairs|triple|triples [distinct]``: N groups of one rank, one tile
    in each of two suits (pairs) or of three suits (triples)."""

    count: int
    width: int
    distinct: bool
    span: Span


@node
class PatSingles:
    """``singles N of CLASS``: N different tiles of a class, one of each."""

    count: int
    tiles: TileClass
    span: Span


@node
class PatExtraSameSuit:
    """``one more of that suit [+ CLASS...] [ranked LO..HI]``: one more tile of the suit a
    ``counts`` statement bound (or of the classes added), of those ranks if given."""

    span: Span
    also: tuple[Word, ...] = ()
    ranks: tuple[int, int] | None = None


@node
class PatConcealed:
    span: Span


@node
class DeadCause:
    cause: str
    span: Span


@node
class DeadRacked:
    span: Span


@node
class DeadPlayContinues:
    span: Span


@node
class ScoreValue:
    expr: Expr
    span: Span


@node
class ScoreLimit:
    expr: Expr
    span: Span


@node
class ScoreRoofOff:
    condition: Expr
    span: Span


@node
class ScoreBestSplit:
    span: Span


@node
class ScoreClaimedKongsConcealed:
    """``claimed kongs count concealed``: a kong made by claiming the fourth tile of a
    concealed pung scores as a concealed kong (a table's choice; without it, exposed)."""

    span: Span


@node
class ScoreLimitsAdd:
    """``limits add``: the limit rules that apply add up (riichi's double yakuman: two
    yakuman are two limits); without it the largest limit rule counts."""

    span: Span


@node
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


@node
class ScoreLet:
    """``let NAME = EXPR``: a name for a sub-expression, usable in the later
    expressions of the scoring and payments blocks (written in where it is used)."""

    name: Word
    expr: Expr
    span: Span


@node
class ScoreExcludes:
    """``rule RULE excludes RULE...``: when the first rule applies to a reading, the others
    are not counted in it (a fan that implies another is not counted twice)."""

    name: Word
    excluded: tuple[Word, ...]
    span: Span


@node
class ScoreAlone:
    """``rule RULE counts alone [except RULE...]``: the rule counts only in a reading where
    no other rule applies but those after ``except`` (Chinese Official's chicken hand:
    no fan but the flowers)."""

    name: Word
    unless: tuple[Word, ...]
    span: Span


@node
class ScoreAccount:
    """``account once RULE...``: the groups of sets these ``per related(...)`` rules count
    are chosen together, so that a set already combined in one group is combined once
    more only with sets not combined yet (Chinese Official's "account once" principle:
    234b 567b 234c 567c makes three of its four pairs, not four). Of the ways to choose,
    the one worth most counts (scoring/accounts.py)."""

    rules: tuple[Word, ...]
    span: Span


@node
class ScoreMinimum:
    """``win only when COND``: a hand wins only if COND holds of its best reading
    (the minimum to go out); the engine offers no mah jongg below it."""

    condition: Expr
    span: Span


@node
class Pay:
    """``PAYER pays winner EXPR [when COND]``."""

    payer: str
    amount: Expr
    condition: Expr | None
    span: Span


@node
class SettleLosers:
    span: Span


@node
class DealerDouble:
    span: Span


@node
class Penalty:
    """``penalty NAME: -N points|limits``: what an offence costs (limits: times the limit)."""

    name: Word
    points: float
    span: Span
    unit: str = "points"


@node
class SessionHands:
    expr: Expr
    span: Span


@node
class SessionRounds:
    expr: Expr
    span: Span


@node
class DealerKeeps:
    condition: Expr
    span: Span


@node
class DealerRotates:
    span: Span


@node
class RoundWindRotates:
    span: Span


@node
class FirstDealer:
    """``first dealer by dice N thrown by each``: every seat throws N dice before the
    first hand; the highest total deals first, the tied throwing again."""

    dice: int
    span: Span
