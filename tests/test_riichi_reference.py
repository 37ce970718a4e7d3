"""rulesets/riichi.mj against the `mahjong` package's riichi calculator (PyPI), on
random winning hands, concealed and open: the same yaku, han, fu and payments, and
the same refusal of a hand with no yaku (the ruleset's one-yaku minimum).

A test extra: ``pip install -e '.[reference]'`` (the test is skipped without the
package). The calculator is set to the rules the ruleset writes: open tanyao
(kuitan) allowed, double yakuman counted (the ruleset's `double_yakuman`, on) and
yakuman adding up (`limits add`), a counted yakuman at 13 han, no rounding up to
mangan (kiriage). Each hand has 0 to 3 dora indicators (and as many ura-dora
indicators under them for a riichi hand), given to the calculator as its dora
indicators and to the scorer as the facts `indicated` and `indicated_under`, counted
by the ruleset's cycles. Red fives (aka dora) are dealt too: a hand with a five of a
suit holds its red copy half the time (always with four of them), concealed or in a
called set, the winning tile as likely as any; the calculator gets them in its
136-array with its aka dora on, the scorer as 0m, 0p, 0s. No kong is
made: kongs change the tile count the random hands are drawn from. Hands with a yaku the ruleset cannot have here are left out and
counted (none expected: every yaku a concealed or open hand of sets can make without
the history of the hand is written). ``MJDSL_REFERENCE_HANDS`` sets how many hands
are compared (2,000 by default).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

import pytest

mahjong = pytest.importorskip("mahjong")

from mahjong.constants import EAST, NORTH, SOUTH, WEST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402
from mahjong.tile import TilesConverter  # noqa: E402

import mjdsl.cards  # noqa: E402,F401 - first: check.cards -> syntax.card_build -> cards is a circle when entered there
from mjdsl.frontend.compile import compile_ruleset  # noqa: E402
from mjdsl.scoring import score_hand  # noqa: E402
from mjdsl.scoring.notation import read_hand_input  # noqa: E402
from mjdsl.scoring.score import goes_out  # noqa: E402
from mjdsl.scoring.settle import winner_payments  # noqa: E402
from mjdsl.tiles import indicated  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HANDS = int(os.environ.get("MJDSL_REFERENCE_HANDS", "2000"))

SUITS = ("m", "p", "s")
HONOURS = ("E", "S", "W", "N", "P", "F", "C")  # the calculator's honours 1-7, in its order
KINDS = [f"{r}{s}" for s in SUITS for r in range(1, 10)] + list(HONOURS)
WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
OPTIONS = OptionalRules(has_open_tanyao=True, has_double_yakuman=True, has_aka_dora=True)
#: From mangan on the value no longer grows with every fu and han: two readings of a hand
#: may then be worth the same, the calculator keeping the one of more han (then fu), the
#: scorer the one it reads first. Such a hand agrees when its payments do (counted apart;
#: with red fives, hands of 5 han and more are common enough to meet them).
MANGAN = 2000
#: the red fives' codes (the ruleset's `variant red "0m" x1 of "5m"`...)
REDS = {"0m": "5m", "0p": "5p", "0s": "5s"}
#: the calculator's dora, counted apart from the yaku (the ruleset adds them to the han)
DORA = {"Dora", "Ura Dora", "Aka Dora"}

#: the calculator's yaku by name, as the ruleset's rules; a pair: (concealed, open)
NAMES: dict[str, str | tuple[str, str]] = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Yakuhai (haku)": "yakuhai_dragon", "Yakuhai (hatsu)": "yakuhai_dragon", "Yakuhai (chun)": "yakuhai_dragon",
    **{f"Yakuhai (seat wind {w})": "yakuhai_own_wind" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round_wind" for w in ("east", "south", "west", "north")},
    "Honroutou": "honroutou", "Toitoi": "toitoi", "San Ankou": "sanankou", "San Kantsu": "sankantsu",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen",
    "Honitsu": ("honitsu_closed", "honitsu_open"), "Chinitsu": ("chinitsu_closed", "chinitsu_open"),
    "Iipeiko": "iipeikou", "Ryanpeikou": "ryanpeikou", "Sanshoku Doukou": "sanshoku_doukou",
    "Sanshoku Doujun": ("sanshoku_closed", "sanshoku_open"), "Ittsu": ("ittsu_closed", "ittsu_open"),
    "Chantai": ("chanta_closed", "chanta_open"), "Junchan": ("junchan_closed", "junchan_open"),
}
#: the calculator's yakuman the ruleset has (13 han each, a double one 26: a limit each
#: 13 han in the ruleset)
YAKUMAN = {"Kokushi Musou", "Kokushi Musou Juusanmen Matchi", "Chuuren Poutou", "Daburu Chuuren Poutou",
           "Suu Ankou", "Suu Ankou Tanki", "Daisangen", "Shousuushii", "Dai Suushii", "Ryuuiisou", "Tsuu Iisou",
           "Chinroutou", "Suu Kantsu"}


def _ours(name: str, concealed: bool) -> str:
    n = NAMES[name]
    return n if isinstance(n, str) else n[0 if concealed else 1]


def _random_hand(rng: random.Random):
    """Fourteen tiles of a winning shape, four sets and a pair (some sets called) or
    seven pairs: (tiles, the called sets as (kind, tiles)), or None for a fifth copy."""
    tiles: list[str] = []
    called: list[tuple[str, list[str]]] = []
    if rng.random() < 0.1:
        tiles = [t for t in rng.sample(KINDS, 7) for _ in range(2)]
    else:
        open_hand = rng.random() < 0.4
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.choice(SUITS), rng.randint(1, 7)
                group, kind = [f"{r + i}{s}" for i in range(3)], Meld.CHI
            else:
                group, kind = [rng.choice(KINDS)] * 3, Meld.PON
            tiles += group
            if open_hand and rng.random() < 0.5:
                called.append((kind, group))
        tiles += [rng.choice(KINDS)] * 2
    if max(Counter(tiles).values()) > 4:
        return None
    return tiles, called


def _redden(rng: random.Random, held: list[str], called: list[tuple[str, list[str]]]) -> None:
    """Make one five of a suit the red one, in the hand or in a called set: half the
    time when the hand has a five of the suit, always when it has all four."""
    for red, five in REDS.items():
        spots = [(held, i) for i, t in enumerate(held) if t == five]
        spots += [(group, i) for _, group in called for i, t in enumerate(group) if t == five]
        if spots and (len(spots) == 4 or rng.random() < 0.5):
            where, i = rng.choice(spots)
            where[i] = red


def _kind(code: str) -> str:
    return REDS.get(code, code)


def _kind34(code: str) -> tuple[str, str]:
    if code in HONOURS:
        return "honors", str(HONOURS.index(code) + 1)
    return {"m": "man", "p": "pin", "s": "sou"}[code[1]], code[0]


def _indicators(rng: random.Random, tiles: list[str], n: int) -> list[str]:
    """``n`` indicator tiles, drawn so that no kind has more than its four copies."""
    counts = Counter(_kind(t) for t in tiles)
    out: list[str] = []
    while len(out) < n:
        code = rng.choice(KINDS)
        if counts[code] < 4:
            counts[code] += 1
            out.append(code)
    return out


def _theirs(calc, tiles, called, win, tsumo, riichi, seat, round_wind, indicators=()):
    parts = {"man": "", "pin": "", "sou": "", "honors": ""}
    for t in tiles:
        suit, rank = _kind34(t)
        parts[suit] += rank
    t136 = TilesConverter.string_to_136_array(**parts, has_aka_dora=True)
    free: dict[int, list[int]] = {}
    for i in t136:
        free.setdefault(i // 4, []).append(i)
    reds = set(TilesConverter.string_to_136_array(man="0", pin="0", sou="0", has_aka_dora=True))

    def take(code: str) -> int:
        suit, rank = _kind34(code)
        want = TilesConverter.string_to_136_array(**{suit: rank}, has_aka_dora=True)[0]
        pool = free[want // 4]
        got = want if rank == "0" else next(i for i in reversed(pool) if i not in reds)  # the red one, or a plain one
        pool.remove(got)
        return got

    melds = [Meld(kind, [take(t) for t in group], opened=True) for kind, group in called]
    win136 = take(win)
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi, player_wind=WINDS[seat], round_wind=WINDS[round_wind],
                        options=OPTIONS)
    dora = [TilesConverter.string_to_136_array(**dict([_kind34(c)]), has_aka_dora=True)[0] for c in indicators]
    return calc.estimate_hand_value(t136, win136, melds=melds or None, dora_indicators=dora or None, config=config)


def _their_payments(theirs, seat: str, tsumo: bool, discarder: str) -> list[float]:
    """The calculator's cost as payments by seat (E S W N), the winner's gain included."""
    out = [0.0] * 4
    winner = "ESWN".index(seat)
    cost = theirs.cost
    for i, w in enumerate("ESWN"):
        if i == winner:
            continue
        if not tsumo:
            out[i] = -cost["main"] if w == discarder else 0
        else:
            out[i] = -(cost["main"] if w == "E" else cost["additional"])
    out[winner] = -sum(out)
    return out


def test_riichi_agrees_with_the_mahjong_package_on_random_hands():
    auto = compile_ruleset(ROOT / "rulesets" / "riichi.mj")
    calc = HandCalculator()
    rng = random.Random("riichi-reference")
    compared = left_out = no_yaku = with_dora = with_red = capped_ties = 0
    disagree: list = []
    while compared < HANDS:
        drawn = _random_hand(rng)
        if drawn is None:
            continue
        tiles, called = drawn
        held = list(tiles)
        for _, group in called:
            for t in group:
                held.remove(t)
        _redden(rng, held, called)
        tiles = held + [t for _, group in called for t in group]
        red = sum(t in REDS for t in tiles)
        win = rng.choice(held)
        concealed = not called
        tsumo, riichi = rng.random() < 0.5, concealed and rng.random() < 0.5
        seat, round_wind = rng.choice("ESWN"), rng.choice("ES")
        discarder = rng.choice([w for w in "ESWN" if w != seat])
        shown = _indicators(rng, tiles, rng.choice((0, 1, 1, 2, 3)))
        under = _indicators(rng, tiles + shown, len(shown)) if riichi else []
        counts = [0] * auto.tiles.size
        for t in tiles:
            counts[auto.tiles.index(t)] += 1  # a red five counts as a five (it plays as one)
        dora = indicated(auto.indicates, counts, [auto.tiles.index(c) for c in shown])
        ura = indicated(auto.indicates, counts, [auto.tiles.index(c) for c in under])
        theirs = _theirs(calc, tiles, called, win, tsumo, riichi, seat, round_wind, shown + under)
        if theirs.error and theirs.error != "no_yaku":
            left_out += 1  # not a winning hand to the calculator (none expected)
            continue
        names = [y.name for y in theirs.yaku or () if y.name not in DORA]
        if any(n not in NAMES and n not in YAKUMAN for n in names):
            left_out += 1  # a yaku the ruleset does not express
            continue
        inp = read_hand_input(auto, hand=" ".join(held), exposed=[" ".join(g) for _, g in called], win=win,
                              source="wall" if tsumo else "discard", seat=seat, round_wind=round_wind,
                              discarder=None if tsumo else discarder, announced=["riichi"] if riichi else [],
                              table=["discards=20", "discards_since(riichi)=9", f"indicated={dora}",
                                     f"indicated_under={ura}"])
        ours = score_hand(auto, inp)
        compared += 1
        case = (" ".join(tiles), [g for _, g in called], win, tsumo, riichi, seat, round_wind, names,
                ours.rule_names, theirs.fu, ours.points, shown, under)
        with_dora += bool(dora + ura)
        with_red += bool(red)
        if theirs.error == "no_yaku":
            no_yaku += 1
            if goes_out(auto, ours):
                disagree.append(("goes out with no yaku", *case))
            continue
        if not goes_out(auto, ours):
            disagree.append(("refused", *case))
            continue
        if any(n in YAKUMAN for n in names):
            same = ours.limits * 13 == theirs.han
        else:
            want = Counter(_ours(n, concealed) for n in names)
            got = Counter({n: 1 for n in ours.rule_names if not n.startswith("fu_")})
            for n in ("yakuhai_dragon", "yakuhai_own_wind", "yakuhai_round_wind"):
                if n in got:  # a per-set rule: as many han as sets
                    got[n] = sum(1 for y in names if NAMES.get(y) == n)
            fu = 25 if ours.points == 25 else -(-ours.points // 10) * 10
            # dora are han but no yaku: the rules' doubles and the dora (red fives too) make the
            # calculator's han
            same = (want == got and ours.doubles + dora + ura + red == theirs.han and not ours.limits
                    and fu == theirs.fu)
        if same and winner_payments(auto, ours.context, inp) != _their_payments(theirs, seat, tsumo, discarder):
            disagree.append(("payments", winner_payments(auto, ours.context, inp), theirs.cost, *case))
        elif not same and ours.total >= MANGAN and winner_payments(auto, ours.context, inp) == \
                _their_payments(theirs, seat, tsumo, discarder):
            capped_ties += 1  # two readings worth the same mangan or more, each side keeping its own
        elif not same:
            disagree.append(("yaku, han or fu", *case))
    assert not disagree, f"{len(disagree)} of {compared} hands disagree (left out {left_out}); first: {disagree[:3]}"
    assert left_out <= compared // 100, left_out
    assert no_yaku > 0  # the minimum was asked of some hands
    assert with_dora > compared // 5  # and many hands had dora
    assert with_red > compared // 5  # and red fives
    assert capped_ties <= compared // 100, capped_ties


#: The double yakuman and yakuman together, by hand: (tiles, called sets, last tile, self-drawn, seat)
DOUBLES = [
    ("1m 9m 1p 9p 1s 9s E S W N P F C C", [], "C", False, "S"),         # kokushi on all thirteen
    ("1m 9m 1p 9p 1s 9s E S W N P F C 1m", [], "C", False, "S"),        # kokushi on C alone
    ("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9p 5p", [], "5p", False, "S"),  # junsei chuuren
    ("1p 1p 1p 2p 3p 4p 5p 6p 7p 8p 9p 9p 9p 5p", [], "9p", True, "S"),   # chuuren, not on all nine
    ("1m 1m 1m 3p 3p 3p 5s 5s 5s 7s 7s 7s P P", [], "P", False, "S"),   # suuankou tanki
    ("1m 1m 1m 3p 3p 3p 5s 5s 5s 7s 7s 7s P P", [], "7s", True, "E"),   # suuankou, the dealer's tsumo
    ("E E E S S S W W W N N N 5p 5p", ["E E E", "S S S"], "N", False, "W"),  # daisuushii
    ("E E E S S S W W W N N N C C", ["E E E", "S S S"], "N", False, "W"),    # daisuushii and tsuuiisou
    ("P P P F F F C C C E E E S S", [], "S", False, "N"),               # daisangen, tsuuiisou, suuankou tanki
    ("P P P F F F C C C 1m 2m 3m 9p 9p", [], "3m", True, "S"),          # daisangen alone
]


@pytest.mark.parametrize("tiles,called,win,tsumo,seat", DOUBLES)
def test_double_yakuman_and_yakuman_together_agree_with_the_mahjong_package(tiles, called, win, tsumo, seat):
    auto = _riichi()
    held = tiles.split()
    for group in called:
        for t in group.split():
            held.remove(t)
    theirs = _theirs(HandCalculator(), tiles.split(), [(Meld.PON, g.split()) for g in called], win, tsumo, False,
                     seat, "E")
    assert theirs.error is None and theirs.han >= 13, theirs.error
    discarder = "N" if seat != "N" else "E"
    inp = read_hand_input(auto, hand=" ".join(held), exposed=called, win=win, source="wall" if tsumo else "discard",
                          seat=seat, round_wind="E", discarder=None if tsumo else discarder, table=["discards=20"])
    ours = score_hand(auto, inp)
    assert ours.limits * 13 == theirs.han
    assert winner_payments(auto, ours.context, inp) == _their_payments(theirs, seat, tsumo, discarder)


_AUTO: list = []


def _riichi():
    if not _AUTO:
        _AUTO.append(compile_ruleset(ROOT / "rulesets" / "riichi.mj"))
    return _AUTO[0]
