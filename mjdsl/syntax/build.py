"""Lark parse trees to the typed tree of :mod:`mjdsl.ast`.

This is the only module that knows the shape of Lark's trees. Each grammar rule
(or alias) has one method of :class:`Builder`, named after it.
"""

from __future__ import annotations

from .standalone import Token, Transformer, v_args

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..source import Span
from .numbers import MAX_NUMBER, too_large, too_large_message

# Rules written `!name` in the grammar: fixed words, kept as one string.
KEYWORD_RULES = (
    "boolean", "honour_class", "bonus_class", "bonus_link", "break_part", "break_count",
    "seat_group", "vote", "offer_rule", "replace_kind", "wall_end", "live_until",
    "announce_time", "shape_kind", "kong_kind", "robbable", "unit",
    "scope_kind", "dead_reason", "payer", "pays", "seat_ref", "direction", "compare_op", "add_op", "mul_op", "pow_op",
    "knit_width", "distinct", "penalty_unit", "suit_relation", "kong_event",
    "feed_group", "abort_point",
)

#: an abort's check point, by the words that say it (none: before a draw)
_ABORT_POINTS = {"": "draw", "after claims": "claims", "by choice": "choice"}


class Kw(str):
    """A fixed word (or words) from a ``!`` rule, remembering its span."""

    span: Span

    def __new__(cls, text: str, span: Span):
        obj = super().__new__(cls, text)
        obj.span = span
        return obj


def _unquote(tok: str) -> str:
    body = tok[1:-1]
    return body.replace('\\"', '"').replace("\\\\", "\\")


class Builder(Transformer):
    """Bottom-up: children are already built nodes, tokens or :class:`Kw` words."""

    def __init__(self, path: str):
        super().__init__(visit_tokens=False)
        self.path = path
        #: MJ239 for a count written with a fraction (the tree is whole all the same)
        self.diagnostics: list[Diagnostic] = []
        #: MJ120 for a number past :data:`MAX_NUMBER`: the file is refused, its tree dropped
        self.refused: list[Diagnostic] = []

    # -- helpers --------------------------------------------------------------
    def _span(self, meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self.path, 1, 1, 1, 1)
        return Span(self.path, meta.line, meta.column, meta.end_line, meta.end_column)

    def _number(self, tok: Token) -> float:
        """A number as written: an int, or a float with a fraction; one past
        :data:`MAX_NUMBER` is MJ120, never capped unseen (it stands for the largest
        meanwhile, so nothing overflows before the file is refused)."""
        text = str(tok)
        if too_large(text, MAX_NUMBER):
            self.refused.append(error("MJ120", too_large_message(text, MAX_NUMBER, "a ruleset"), self._tspan(tok),
                                      "write a smaller number: no count or amount at a table comes near it"))
            return MAX_NUMBER
        if "." not in text:
            return int(text)
        v = float(text)
        return int(v) if v.is_integer() else v

    def _whole(self, tok: Token) -> int:
        """A count (seats, tiles, dice...): a whole number; one with a fraction is MJ239,
        never rounded down unseen (`pass 2.5` is not `pass 2`)."""
        v = self._number(tok)
        if not isinstance(v, int):
            self.diagnostics.append(error("MJ239", f"`{tok}` counts something: it must be a whole number",
                                          self._tspan(tok), f"write {int(v)} or {int(v) + 1}"))
        return int(v)

    def _tspan(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    def _word(self, tok: Token, unquote: bool = False) -> A.Word:
        return A.Word(_unquote(tok) if unquote else str(tok), self._tspan(tok))

    def _codes(self, toks) -> tuple[A.Word, ...]:
        return tuple(self._word(t, True) for t in toks if isinstance(t, Token) and t.type == "STRING")

    @staticmethod
    def _find(children, cls):
        for c in children:
            if isinstance(c, cls):
                return c
        return None

    def __default__(self, data, children, meta):  # pragma: no cover - every rule has a method
        raise NotImplementedError(f"no builder for grammar rule {data!r}")

    # -- program ------------------------------------------------------------------
    @v_args(meta=True)
    def start(self, meta, children):
        return A.Program(self.path, tuple(children), self._span(meta), tuple(self.diagnostics))

    @v_args(meta=True)
    def ruleset_decl(self, meta, c):
        return A.RulesetDecl(_unquote(c[0]), self._span(meta))

    @v_args(meta=True)
    def extends_decl(self, meta, c):
        return A.Extends(_unquote(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def include_decl(self, meta, c):
        return A.Include(_unquote(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def option_decl(self, meta, c):
        name, value, rest = c[0], c[1], c[2:]
        meaning = ""
        choices: tuple = ()
        rng = None
        for r in rest:
            if isinstance(r, Token) and r.type == "STRING":
                meaning = _unquote(r)
            elif isinstance(r, tuple) and r and r[0] == "choices":
                choices = r[1]
            elif isinstance(r, tuple) and r and r[0] == "range":
                rng = r[1]
        return A.OptionDecl(self._word(name), value, meaning, choices, rng, span=self._span(meta))

    def option_choices(self, c):
        return ("choices", tuple(self._word(t) for t in c))

    def option_range(self, c):
        return ("range", (self._number(c[0]), self._number(c[1])))

    @v_args(meta=True)
    def set_decl(self, meta, c):
        return A.SetOption(self._word(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def remove_decl(self, meta, c):
        return A.Remove(tuple(self._word(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def remove_block(self, meta, c):
        return A.RemoveBlock(c[0], self._span(meta))

    @v_args(meta=True)
    def flow_decl(self, meta, c):
        return A.Flow(tuple(self._word(t) for t in c), self._span(meta))

    # -- values and expressions ----------------------------------------------
    @v_args(meta=True)
    def number(self, meta, c):
        return A.Num(self._number(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def string(self, meta, c):
        return A.Str(_unquote(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def name(self, meta, c):
        return A.Name(str(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def boolean(self, meta, c):
        return A.Bool(str(c[0]) in ("on", "true", "yes"), self._tspan(c[0]))

    @v_args(meta=True)
    def call(self, meta, c):
        args = tuple(a for a in c[1:] if a is not None)
        return A.Call(str(c[0]), args, self._span(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return A.Not(c[0], self._span(meta))

    def _chain(self, meta, c, op=None):
        # c alternates operand, operator, operand... or operands joined by `op`.
        if op is not None:
            out = c[0]
            for right in c[1:]:
                out = A.BinOp(op, out, right, self._span(meta))
            return out
        out = c[0]
        for i in range(1, len(c), 2):
            out = A.BinOp(str(c[i]), out, c[i + 1], self._span(meta))
        return out

    @v_args(meta=True)
    def or_expr(self, meta, c):
        return self._chain(meta, c, "or")

    @v_args(meta=True)
    def and_expr(self, meta, c):
        return self._chain(meta, c, "and")

    @v_args(meta=True)
    def comparison(self, meta, c):
        return self._chain(meta, c)

    @v_args(meta=True)
    def sum(self, meta, c):
        return self._chain(meta, c)

    @v_args(meta=True)
    def product(self, meta, c):
        return self._chain(meta, c)

    @v_args(meta=True)
    def power(self, meta, c):
        return self._chain(meta, c)

    # issue 10: unary minus and relations between sets
    @v_args(meta=True)
    def neg(self, meta, c):
        return A.Neg(c[-1], self._span(meta))

    @v_args(meta=True)
    def related(self, meta, c):
        count, pred, suits, step = c
        return A.Related(self._whole(count), pred, str(suits).split()[0], step, self._span(meta))

    def rank_same(self, c):
        return 0

    def rank_step(self, c):
        return self._whole(c[0])

    def rank_any(self, c):
        return None

    def condition(self, c):
        return ("when", c[0])

    @staticmethod
    def _cond(children):
        for ch in children:
            if isinstance(ch, tuple) and ch and ch[0] == "when":
                return ch[1]
        return None

    # -- tiles ----------------------------------------------------------------
    def span(self, c):
        return (self._whole(c[0]), self._whole(c[1]))

    def copies(self, c):
        return self._whole(c[0])

    @v_args(meta=True)
    def suit_decl(self, meta, c):
        name, letter, (lo, hi), copies = c[0], c[1], c[2], c[3]
        dragon = self._word(c[4], True) if len(c) > 4 else None
        return A.SuitDecl(self._word(name), self._word(letter, True), lo, hi, copies, dragon, self._span(meta))

    @v_args(meta=True)
    def honour_decl(self, meta, c):
        return A.HonourDecl(str(c[0]), self._codes(c[1:]), self._find(c, int), self._span(meta))

    @v_args(meta=True)
    def bonus_decl(self, meta, c):
        link = next((str(x) for x in c[1:] if isinstance(x, Kw)), "interchangeable")
        return A.BonusDecl(str(c[0]), self._codes(c[1:]), self._find(c, int), link, self._span(meta))

    @v_args(meta=True)
    def joker_decl(self, meta, c):
        return A.JokerDecl(self._word(c[0], True), c[1], self._span(meta))

    @v_args(meta=True)
    def zero_decl(self, meta, c):
        return A.ZeroDecl(self._word(c[0], True), self._span(meta))

    @v_args(meta=True)
    def class_decl(self, meta, c):
        return A.ClassDecl(self._word(c[0]), self._codes(c[1:]), self._span(meta))

    @v_args(meta=True)
    def variant_decl(self, meta, c):
        return A.VariantDecl(self._word(c[0]), self._word(c[1], True), c[2], self._word(c[3], True),
                             self._span(meta))

    # -- blocks -----------------------------------------------------------------
    def _block(self, cls, meta, c, **kw):
        stmts = tuple(x for x in c if not isinstance(x, (Token, tuple, Kw)) and x is not None)
        return cls(self._span(meta), stmts, **kw)

    @v_args(meta=True)
    def tiles_block(self, meta, c):
        return self._block(A.TilesBlock, meta, c)

    @v_args(meta=True)
    def seats_block(self, meta, c):
        return A.SeatsBlock(self._span(meta), tuple(c[1:]), count=self._whole(c[0]))

    @v_args(meta=True)
    def seat_winds(self, meta, c):
        return A.SeatWinds(self._codes(c), self._span(meta))

    @v_args(meta=True)
    def seat_players(self, meta, c):
        return A.SeatPlayers(self._whole(c[0]), self._span(meta))

    @v_args(meta=True)
    def wall_block(self, meta, c):
        return self._block(A.WallBlock, meta, c)

    def _wall_setting(key):
        @v_args(meta=True)
        def method(self, meta, c):
            return A.WallSetting(key, self._whole(c[0]), self._span(meta))

        return method

    wall_sides = _wall_setting("sides")
    wall_length = _wall_setting("length")
    wall_height = _wall_setting("height")
    wall_dead = _wall_setting("dead wall")
    wall_loose = _wall_setting("loose tiles")

    @v_args(meta=True)
    def wall_indicators(self, meta, c):
        return A.WallIndicators(self._whole(c[0]), len(c) > 1, self._span(meta))

    def indicator_kong(self, c):
        return "kong"

    @v_args(meta=True)
    def wall_under(self, meta, c):
        return A.WallUnder(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def cycle_suits(self, meta, c):
        return A.CycleDecl((), True, self._span(meta))

    @v_args(meta=True)
    def cycle_tiles(self, meta, c):
        return A.CycleDecl(self._codes(c), False, self._span(meta))

    @v_args(meta=True)
    def wall_break(self, meta, c):
        counting = str(c[3]) if len(c) > 3 else ""
        return A.WallBreak(str(c[0]), self._whole(c[1]), str(c[2]), counting, self._span(meta))

    @v_args(meta=True)
    def deal_block(self, meta, c):
        return self._block(A.DealBlock, meta, c)

    @v_args(meta=True)
    def deal_stmt(self, meta, c):
        times = self._whole(c[2]) if len(c) > 2 else 1
        return A.DealStep(str(c[0]), self._whole(c[1]), times, self._span(meta))

    # -- charleston ---------------------------------------------------------------
    @v_args(meta=True)
    def charleston_block(self, meta, c):
        cond = self._cond(c)
        return A.CharlestonBlock(self._span(meta), tuple(x for x in c if not isinstance(x, tuple)), condition=cond)

    @v_args(meta=True)
    def never_pass(self, meta, c):
        return A.NeverPass(self._codes(c), self._span(meta))

    @v_args(meta=True)
    def pass_step(self, meta, c):
        clause = next((x for x in c if isinstance(x, tuple) and x and x[0] == "blind"), None)
        return A.PassStep(self._whole(c[0]), str(c[1]), clause is not None, self._cond(c), self._span(meta),
                          blind_condition=clause[1] if clause else None)

    def blind_clause(self, c):
        return ("blind", c[0] if c else None)

    @v_args(meta=True)
    def optional_round(self, meta, c):
        return A.OptionalRound(self._word(c[0]), str(c[1]), tuple(c[2:]), self._span(meta))

    @v_args(meta=True)
    def courtesy_step(self, meta, c):
        lo, hi = c[1]
        return A.CourtesyStep(str(c[0]), lo, hi, str(c[2]), self._cond(c), self._span(meta))

    # -- replacement -----------------------------------------------------------
    @v_args(meta=True)
    def replacement_block(self, meta, c):
        return self._block(A.ReplacementBlock, meta, c)

    @v_args(meta=True)
    def replace_what(self, meta, c):
        return A.ReplaceWhat(tuple(str(x) for x in c), self._span(meta))

    @v_args(meta=True)
    def replace_order(self, meta, c):
        return A.ReplaceOrder(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def replace_again(self, meta, c):
        return A.ReplaceAgain(self._span(meta))

    # -- play ---------------------------------------------------------------------
    @v_args(meta=True)
    def play_block(self, meta, c):
        return self._block(A.PlayBlock, meta, c)

    @v_args(meta=True)
    def dealer_draws(self, meta, c):
        return A.DealerDraws(self._whole(c[0]), self._span(meta))

    @v_args(meta=True)
    def dealer_opens(self, meta, c):
        return A.DealerOpens(self._span(meta))

    @v_args(meta=True)
    def draw_from(self, meta, c):
        return A.DrawFrom(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def replacement_from(self, meta, c):
        return A.ReplacementFrom(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def discard_live(self, meta, c):
        return A.DiscardLive(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def wall_game(self, meta, c):
        return A.WallGame(self._whole(c[0]), self._span(meta))

    @v_args(meta=True)
    def announce(self, meta, c):
        name = self._word(c[0])
        title = next((_unquote(x) for x in c[1:] if isinstance(x, Token) and x.type == "STRING"), "")
        time = next(str(x) for x in c[1:] if isinstance(x, Kw))
        effects = {x for x in c[1:] if isinstance(x, str) and not isinstance(x, (Token, Kw))}
        cond = next((x[1] for x in c[1:] if isinstance(x, tuple) and x[0] == "if"), None)
        return A.Announce(name, title, time, "freezes" in effects, self._span(meta), required="required" in effects,
                          condition=cond)

    def freezes_hand(self, c):
        return "freezes"

    def required_to_win(self, c):
        return "required"

    def announce_if(self, c):
        return ("if", c[0])

    @v_args(meta=True)
    def original_hand(self, meta, c):
        return A.OriginalHand(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def no_discard(self, meta, c):
        return A.NoDiscard(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def abort(self, meta, c):
        point = next((str(x) for x in c[1:] if isinstance(x, Kw)), "")
        return A.Abort(_unquote(c[0]), self._cond(c), self._span(meta), _ABORT_POINTS[point])

    # -- claims ---------------------------------------------------------------------
    @v_args(meta=True)
    def claims_block(self, meta, c):
        return self._block(A.ClaimsBlock, meta, c)

    def claim_shape(self, c):
        return ("shape", self._whole(c[0]), str(c[1]))

    def claim_except(self, c):
        return ("except", str(c[0]), self._word(c[1]))

    @v_args(meta=True)
    def claim_decl(self, meta, c):
        shape = next((x for x in c if isinstance(x, tuple) and x[0] == "shape"), None)
        exc = next((x for x in c if isinstance(x, tuple) and x[0] == "except"), None)
        source = next(str(x) for x in c if isinstance(x, Kw))
        return A.ClaimDecl(
            self._word(c[0]),
            shape[1] if shape else None,
            shape[2] if shape else None,
            source,
            exc[1] if exc else None,
            exc[2] if exc else None,
            self._cond(c),
            self._span(meta),
        )

    def priority_level(self, c):
        return tuple(self._word(t) for t in c)

    @v_args(meta=True)
    def priority(self, meta, c):
        return A.Priority(tuple(c), self._span(meta))

    @v_args(meta=True)
    def ties_next_in_turn(self, meta, c):
        return A.TiesNextInTurn(self._span(meta))

    @v_args(meta=True)
    def several_win(self, meta, c):
        return A.SeveralWin(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def dead_discard(self, meta, c):
        return A.DeadDiscard(self._codes(c), self._span(meta))

    # -- kongs and jokers --------------------------------------------------------
    @v_args(meta=True)
    def kongs_block(self, meta, c):
        return self._block(A.KongsBlock, meta, c)

    @v_args(meta=True)
    def kong_allowed(self, meta, c):
        return A.KongAllowed(str(c[0]), len(c) > 1, self._span(meta))

    @v_args(meta=True)
    def kong_replacement(self, meta, c):
        return A.KongReplacement(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def jokers_block(self, meta, c):
        return A.JokersBlock(self._span(meta), tuple(c[1:]), tile=self._word(c[0], True))

    @v_args(meta=True)
    def joker_stand(self, meta, c):
        return A.JokerStand(self._whole(c[0]), self._span(meta))

    @v_args(meta=True)
    def joker_swap(self, meta, c):
        return A.JokerSwap(self._span(meta), self._cond(c))

    @v_args(meta=True)
    def joker_dead(self, meta, c):
        return A.JokerDead(self._span(meta))

    @v_args(meta=True)
    def joker_never_passed(self, meta, c):
        return A.JokerNeverPassed(self._span(meta))

    # -- winning and dead hands ----------------------------------------------------
    @v_args(meta=True)
    def winning_block(self, meta, c):
        return self._block(A.WinningBlock, meta, c)

    @v_args(meta=True)
    def card_ref(self, meta, c):
        return A.CardRef(_unquote(c[0]), self._tspan(c[0]))

    @v_args(meta=True)
    def concealed_calls(self, meta, c):
        return A.ConcealedCalls(self._word(c[0]), self._span(meta))

    @v_args(meta=True)
    def pattern_decl(self, meta, c):
        title = _unquote(c[1]) if len(c) > 1 and isinstance(c[1], Token) and c[1].type == "STRING" else ""
        stmts = tuple(x for x in c[1:] if not isinstance(x, Token))
        return A.PatternDecl(self._word(c[0]), title, stmts, self._span(meta))

    def _pat_count(cls):
        @v_args(meta=True)
        def method(self, meta, c):
            return cls(self._whole(c[0]), self._span(meta))

        return method

    pat_sets = _pat_count(A.PatSets)
    pat_pairs = _pat_count(A.PatPairs)

    @v_args(meta=True)
    def pat_max_chows(self, meta, c):
        return A.PatMaxChows(c[0], self._span(meta))

    @v_args(meta=True)
    def pat_each_of(self, meta, c):
        return A.PatEachOf(c[0], self._span(meta))

    @v_args(meta=True)
    def pat_extra_of(self, meta, c):
        return A.PatExtraOf(c[0], self._span(meta))

    @v_args(meta=True)
    def pat_suit_counts(self, meta, c):
        return A.PatSuitCounts(tuple(self._whole(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def pat_pairs_of(self, meta, c):
        distinct = any(isinstance(x, Kw) and x == "distinct" for x in c)
        return A.PatPairsOf(self._whole(c[0]), c[1], distinct, self._span(meta))

    @v_args(meta=True)
    def pat_knitted(self, meta, c):
        width = 3 if str(c[1]).startswith("triple") else 2
        distinct = any(isinstance(x, Kw) and x == "distinct" for x in c[2:])
        return A.PatKnitted(self._whole(c[0]), width, distinct, self._span(meta))

    @v_args(meta=True)
    def pat_singles(self, meta, c):
        return A.PatSingles(self._whole(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def knit_ranks(self, meta, c):
        groups = []
        for t in c:
            text = str(t)
            if not text.isdigit():
                text = str(self._whole(t))  # a fraction: MJ239
            groups.append(tuple(int(d) for d in text))
        return A.KnitRanks(tuple(groups), self._span(meta))

    @v_args(meta=True)
    def pat_extra_same_suit(self, meta, c):
        also = tuple(self._word(t) for t in c if isinstance(t, Token) and t.type == "NAME")
        ranks = next((x for x in c if isinstance(x, tuple)), None)
        return A.PatExtraSameSuit(self._span(meta), also, ranks)

    @v_args(meta=True)
    def pat_concealed(self, meta, c):
        return A.PatConcealed(self._span(meta))

    @v_args(meta=True)
    def tile_list(self, meta, c):
        return A.TileList(self._codes(c), self._span(meta))

    @v_args(meta=True)
    def class_union(self, meta, c):
        knit = [x for x in c if isinstance(x, A.KnitRanks)]
        return A.ClassUnion(tuple(self._word(t) for t in c if isinstance(t, Token)), self._span(meta),
                            knit[0] if knit else None)

    @v_args(meta=True)
    def dead_block(self, meta, c):
        return self._block(A.DeadBlock, meta, c)

    @v_args(meta=True)
    def dead_cause(self, meta, c):
        return A.DeadCause(str(c[0]), self._span(meta))

    @v_args(meta=True)
    def dead_racked(self, meta, c):
        return A.DeadRacked(self._span(meta))

    @v_args(meta=True)
    def dead_play_continues(self, meta, c):
        return A.DeadPlayContinues(self._span(meta))

    # -- scoring and payments -------------------------------------------------------
    @v_args(meta=True)
    def scoring_block(self, meta, c):
        return self._block(A.ScoringBlock, meta, c)

    @v_args(meta=True)
    def score_value(self, meta, c):
        return A.ScoreValue(c[0], self._span(meta))

    @v_args(meta=True)
    def score_limit(self, meta, c):
        return A.ScoreLimit(c[0], self._span(meta))

    @v_args(meta=True)
    def score_roof_off(self, meta, c):
        return A.ScoreRoofOff(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def score_best_split(self, meta, c):
        return A.ScoreBestSplit(self._span(meta))

    @v_args(meta=True)
    def score_claimed_kongs_concealed(self, meta, c):
        return A.ScoreClaimedKongsConcealed(self._span(meta))

    @v_args(meta=True)
    def score_limits_add(self, meta, c):
        return A.ScoreLimitsAdd(self._span(meta))

    def amount(self, c):
        sign = -1 if isinstance(c[0], Token) and c[0].type == "MINUS" else 1
        num, unit = c[-2], c[-1]
        return ("amount", sign * self._number(num), str(unit))

    def scope(self, c):
        return ("scope", str(c[0]), c[1] if len(c) > 1 else None)

    def times(self, c):
        return ("times", c[0])

    @v_args(meta=True)
    def score_rule(self, meta, c):
        title = next((_unquote(x) for x in c[1:] if isinstance(x, Token) and x.type == "STRING"), "")
        amount = next(x for x in c if isinstance(x, tuple) and x[0] == "amount")
        scope = next((x for x in c if isinstance(x, tuple) and x[0] == "scope"), None)
        times = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "times"), None)
        unit = amount[2].rstrip("s") + "s"  # one spelling: points, doubles, limits
        return A.ScoreRule(
            self._word(c[0]), title, amount[1], unit,
            scope[1] if scope else None, scope[2] if scope else None,
            self._cond(c), self._span(meta), times,
        )

    # issue 10: naming, exclusions and a minimum to go out
    @v_args(meta=True)
    def score_let(self, meta, c):
        return A.ScoreLet(self._word(c[0]), c[1], self._span(meta))

    @v_args(meta=True)
    def score_excludes(self, meta, c):
        return A.ScoreExcludes(self._word(c[0]), tuple(self._word(t) for t in c[1:]), self._span(meta))

    @v_args(meta=True)
    def score_alone(self, meta, c):
        return A.ScoreAlone(self._word(c[0]), tuple(self._word(t) for t in c[1:]), self._span(meta))

    @v_args(meta=True)
    def score_account(self, meta, c):
        return A.ScoreAccount(tuple(self._word(t) for t in c), self._span(meta))

    @v_args(meta=True)
    def score_minimum(self, meta, c):
        return A.ScoreMinimum(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def payments_block(self, meta, c):
        return self._block(A.PaymentsBlock, meta, c)

    @v_args(meta=True)
    def pay(self, meta, c):
        return A.Pay(str(c[0]), c[2], self._cond(c), self._span(meta))

    @v_args(meta=True)
    def settle_losers(self, meta, c):
        return A.SettleLosers(self._span(meta))

    @v_args(meta=True)
    def dealer_double(self, meta, c):
        return A.DealerDouble(self._span(meta))

    @v_args(meta=True)
    def penalty(self, meta, c):
        sign = -1 if any(isinstance(x, Token) and x.type == "MINUS" for x in c) else 1
        unit = str(c[-1]).rstrip("s") + "s"  # one spelling: points, limits
        return A.Penalty(self._word(c[0]), sign * self._number(c[-2]), self._span(meta), unit)

    # issue 10: payments outside the winner's settlement
    @v_args(meta=True)
    def deposit(self, meta, c):
        return A.Deposit(self._number(c[0]), self._word(c[1]), self._span(meta))

    @v_args(meta=True)
    def wall_game_pay(self, meta, c):
        return A.WallGamePay(self._number(c[0]), self._span(meta))

    @v_args(meta=True)
    def dealer_pay(self, meta, c):
        return A.Pay("dealer", c[0], self._cond(c), self._span(meta))

    @v_args(meta=True)
    def non_dealers_pay(self, meta, c):
        return A.Pay("non dealers", c[0], self._cond(c), self._span(meta))

    @v_args(meta=True)
    def feeder_pays(self, meta, c):
        numbers = [x for x in c if isinstance(x, Token) and x.type == "NUMBER"]
        where = next(x for x in c if not isinstance(x, (Token, tuple, str)))
        group = next(x for x in c if isinstance(x, Kw))
        share = self._number(numbers[1]) if len(numbers) > 1 else 1
        return A.FeederPays(self._whole(numbers[0]), where, share, str(group), self._cond(c), self._span(meta))

    @v_args(meta=True)
    def instant_pay(self, meta, c):
        return A.InstantPay(str(c[0]), self._number(c[1]), self._span(meta))

    @v_args(meta=True)
    def bonus_pay(self, meta, c):
        return A.BonusPay(tuple(c[:-1]), self._number(c[-1]), self._span(meta))

    @v_args(meta=True)
    def bonus_code(self, meta, c):
        return A.BonusMember("code", self._word(c[0], True), self._span(meta))

    @v_args(meta=True)
    def bonus_own(self, meta, c):
        return A.BonusMember("own", self._word(c[0]), self._span(meta))

    @v_args(meta=True)
    def bonus_all(self, meta, c):
        return A.BonusMember("all", self._word(c[0]), self._span(meta))

    # -- session ------------------------------------------------------------------
    @v_args(meta=True)
    def session_block(self, meta, c):
        return self._block(A.SessionBlock, meta, c)

    @v_args(meta=True)
    def session_hands(self, meta, c):
        return A.SessionHands(c[0], self._span(meta))

    @v_args(meta=True)
    def session_rounds(self, meta, c):
        return A.SessionRounds(c[0], self._span(meta))

    @v_args(meta=True)
    def dealer_keeps(self, meta, c):
        return A.DealerKeeps(self._cond(c), self._span(meta))

    @v_args(meta=True)
    def session_counter(self, meta, c):
        title = next((_unquote(x) for x in c[1:] if isinstance(x, Token) and x.type == "STRING"), "")
        return A.SessionCounter(self._word(c[0]), title, self._cond(c), self._span(meta))

    @v_args(meta=True)
    def dealer_rotates(self, meta, c):
        return A.DealerRotates(self._span(meta))

    @v_args(meta=True)
    def round_wind_rotates(self, meta, c):
        return A.RoundWindRotates(self._span(meta))

    @v_args(meta=True)
    def first_dealer(self, meta, c):
        return A.FirstDealer(self._whole(c[0]), self._span(meta))


def _keyword_method(self, meta, children):
    toks = [t for t in children if isinstance(t, Token)]
    if not toks:
        return Kw("", self._span(meta))
    span = Span(self.path, toks[0].line, toks[0].column, toks[-1].end_line, toks[-1].end_column)
    return Kw(" ".join(str(t) for t in toks), span)


for _rule in KEYWORD_RULES:
    if _rule not in ("boolean",):
        setattr(Builder, _rule, v_args(meta=True)(_keyword_method))
