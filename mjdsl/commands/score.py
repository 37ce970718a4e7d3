"""``mjdsl score RULESET ...``: score a finished hand, one explained line per rule.

The input syntax is in :mod:`mjdsl.scoring.notation` and docs/scoring.md. Output
follows docs/cli.md: text on stdout, or one JSON document with ``"version": 1``
(``--json``); a bad tile, a set that is not a set, a wrong tile count or tiles
that make no winning hand are one line on stderr and exit 2.
"""

from __future__ import annotations

import json

import click

from ..frontend.compile import compile_ruleset
from ..diagnostics import InputError
from ..engine.settle import UNCOMPUTABLE, uncomputable
from ..scoring import CardWin, score_hand
from ..scoring.notation import SOURCE_NAMES, read_hand_input
from ..scoring.report import to_json, to_text
from .common import allow_outside_option, cli_sets, ruleset_path, set_option


@click.command("score")
@click.argument("ruleset")
@click.option("--hand", "hand_text", default="", metavar="TILES",
              help="The concealed tiles, the winning tile among them: '1c 1c 1c 2c 3c 4c 5c 5c'.")
@click.option("--exposed", multiple=True, metavar="SET",
              help="A set on the table: three alike, four alike (a kong) or a run ('7c 7c 7c'); repeat, "
                   "or separate sets with commas. 'R R R from W': claimed from West's discard (sets in the "
                   "order claimed).")
@click.option("--kong", multiple=True, metavar="TILES", help="Kongs declared from the hand (concealed), one code each: '1d N'.")
@click.option("--claimed-kong", "claimed_kong", multiple=True, metavar="TILES",
              help="Kongs made by claiming the fourth tile of a concealed pung, one code each (scored as the ruleset says).")
@click.option("--bonus", default="", metavar="TILES",
              help="Bonus tiles set aside (flowers, seasons, a ruleset's own kinds): 'f1 s2'.")
@click.option("--win", metavar="TILE", help="The last tile (leave out to score a hand that did not win).")
@click.option("--from", "source", type=click.Choice(sorted(SOURCE_NAMES)), help="Where the last tile came from.")
@click.option("--seat", metavar="WIND", help="The player's seat wind (default: the first seat's, E).")
@click.option("--round", "round_wind", metavar="WIND", help="The round's wind (default: the first seat's, E).")
@click.option("--dealer/--not-dealer", default=None, help="Whether the player deals (default: the first seat wind deals).")
@click.option("--discarder", metavar="WIND", help="The seat wind of the player whose tile won (default: the seat before).")
@click.option("--announced", multiple=True, metavar="NAME", help="An announcement the player made (e.g. standing).")
@click.option("--original-hand", is_flag=True, help="The dealer won with the tiles first dealt (heavenly hand).")
@click.option("--earthly-hand", is_flag=True, help="Won on the dealer's first discard (earthly hand).")
@click.option("--dealer-streak", type=click.IntRange(0), default=0, show_default=True,
              help="Hands in a row the dealer has won, this one included.")
@click.option("--table", "table", multiple=True, metavar="NAME=VALUE",
              help="A fact of the table as the hand ended, or a session counter: 'discards=12', 'honba=1', "
                   "'discards_since(riichi)=5' (repeatable). Not given, the hand is taken as well "
                   "under way: 'discards' and 'discards_since' of an announcement made count as many as the "
                   "tiles of the set; any other fact is 0.")
@click.option("--partial", is_flag=True, help="Part of a hand that did not win (fewer tiles): score its sets and bonus tiles.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document (docs/scoring.md).")
@set_option
@allow_outside_option
def score_cmd(ruleset, hand_text, exposed, kong, claimed_kong, bonus, win, source, seat, round_wind, dealer, discarder, announced,
              original_hand, earthly_hand, dealer_streak, table, partial, as_json, sets, allow_outside):
    """Score a finished hand with RULESET's scoring and payments blocks.

    One line per rule that applied, with the ruleset line that writes it; then
    points, doubles, limits, the total and the payments (docs/scoring.md). Example:

    \b
      mjdsl score rulesets/classical.mj --exposed "1c 1c 1c" --exposed "7c 7c 7c" \\
        --exposed "2c 3c 4c" --exposed "6c 6c 6c" --hand "5c 5c" --win 5c --from discard
    """
    ruleset_path(ruleset)
    auto = compile_ruleset(ruleset, cli_sets(sets), allow_outside=allow_outside)
    card = line = None
    if auto.winning.card is not None:
        hand_text, card, line = _card_hand(auto, hand_text, exposed, win)
        exposed = ()
    hand = read_hand_input(
        auto, hand=hand_text, exposed=exposed, kongs=kong, bonus=bonus, win=win, source=source, seat=seat,
        round_wind=round_wind, dealer=dealer, discarder=discarder, announced=announced,
        original_hand=original_hand, earthly_hand=earthly_hand, dealer_streak=dealer_streak, card=card,
        partial=partial, claimed_kongs=claimed_kong, table=table,
    )
    try:
        result = score_hand(auto, hand)
    except UNCOMPUTABLE as e:
        raise uncomputable(auto, e) from None
    if as_json:
        click.echo(json.dumps(to_json(auto, hand, result, line)))
    else:
        click.echo(to_text(auto, hand, result, line))
    return 0


def _card_hand(auto, hand_text: str, exposed, win):
    """A hand from a card of hands: the line it makes (best by points) gives the facts.

    The whole hand (exposures included) becomes the concealed tiles of the input;
    the card library checks the exposures and names the line.
    """
    from ..cards.hands import read_hand
    from ..cards.match import match_hand

    compiled = auto.winning.card
    if win is None:
        raise InputError("a card ruleset scores winning hands only: give --win")
    hand = read_hand(auto.tiles, hand_text, exposed)
    found = match_hand(compiled, hand)
    if not found:
        raise InputError("these tiles make no hand of the card")
    best = max(found, key=lambda m: (m.line.points, -m.line_index))
    codes = " ".join(auto.tiles.expand(hand.histogram(compiled.joker)))
    return codes, card_win(compiled, best), best.to_json()


def card_win(compiled, m) -> CardWin:
    """The scorer's facts of a card match: its points, jokers, shape and section."""
    singles_pairs = not any(getattr(g, "jokers", False) for g in compiled.variants[m.variant].groups)
    return CardWin(m.line.points, m.jokers, singles_pairs, m.line.section)


def card_doubles(auto, compiled, hand, m) -> float:
    """The doubles the ruleset's scoring gives a hand made as card match ``m`` (won
    on a discard, so that only the hand's own rules count)."""
    codes = auto.tiles.expand(hand.histogram(compiled.joker))
    inp = read_hand_input(auto, hand=" ".join(codes), win=codes[0], source="discard", card=card_win(compiled, m))
    return score_hand(auto, inp).doubles


COMMANDS = [score_cmd]
