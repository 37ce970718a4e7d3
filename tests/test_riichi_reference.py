"""rulesets/riichi.mj against the `mahjong` package's riichi calculator (PyPI), on
random concealed winning hands: the same yaku and the same han.

A test extra: ``pip install -e '.[reference]'`` (the test is skipped without the
package). The comparison is restricted to what the ruleset expresses today
(docs/variants.md): hands in which the calculator finds a yaku the ruleset does not
have (iipeikou, sanshoku, ittsu, chanta, junchan, ryanpeikou...) are left out, dora
are not dealt, and fu and points are not compared (the ruleset does not round fu up
to 10 yet). One known difference is allowed, and counted: pinfu on a hand whose
winning tile makes an edge or closed wait while the hand waits on more than one tile
(the ruleset reads pinfu's two-sided wait from the count of waits; at most 1 hand in
100). ``MJDSL_REFERENCE_HANDS`` sets how many hands are compared (2,000 by
default).
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
from mahjong.hand_calculating.hand_config import HandConfig  # noqa: E402
from mahjong.tile import TilesConverter  # noqa: E402

import mjdsl.cards  # noqa: E402,F401 - first: check.cards -> syntax.card_build -> cards is a circle when entered there
from mjdsl.frontend.compile import compile_ruleset  # noqa: E402
from mjdsl.scoring import score_hand  # noqa: E402
from mjdsl.scoring.notation import read_hand_input  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HANDS = int(os.environ.get("MJDSL_REFERENCE_HANDS", "2000"))

SUITS = ("m", "p", "s")
HONOURS = ("E", "S", "W", "N", "P", "F", "C")  # the calculator's honours 1-7, in its order
KINDS = [f"{r}{s}" for s in SUITS for r in range(1, 10)] + list(HONOURS)
WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}

#: the calculator's yaku by name, as the ruleset's rules
NAMES = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Pinfu": "pinfu", "Tanyao": "tanyao",
    "Yakuhai (haku)": "yakuhai_dragon", "Yakuhai (hatsu)": "yakuhai_dragon", "Yakuhai (chun)": "yakuhai_dragon",
    **{f"Yakuhai (seat wind {w})": "yakuhai_own_wind" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round_wind" for w in ("east", "south", "west", "north")},
    "Honroutou": "honroutou", "Toitoi": "toitoi", "San Ankou": "sanankou", "San Kantsu": "sankantsu",
    "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen", "Honitsu": "honitsu_closed", "Chinitsu": "chinitsu_closed",
}
#: the calculator's yakuman the ruleset has (each 4 limits there)
YAKUMAN = {"Kokushi Musou", "Kokushi Musou Juusanmen Matchi", "Chuuren Poutou", "Daburu Chuuren Poutou",
           "Suu Ankou", "Suu Ankou Tanki", "Daisangen", "Shousuushii", "Dai Suushii", "Ryuuiisou", "Tsuu Iisou",
           "Chinroutou", "Suu Kantsu"}


def _random_hand(rng: random.Random) -> list[str] | None:
    """Fourteen tiles of a concealed winning shape: four sets and a pair, or seven pairs."""
    tiles: list[str] = []
    if rng.random() < 0.1:
        tiles = [t for t in rng.sample(KINDS, 7) for _ in range(2)]
    else:
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.choice(SUITS), rng.randint(1, 7)
                tiles += [f"{r + i}{s}" for i in range(3)]
            else:
                tiles += [rng.choice(KINDS)] * 3
        tiles += [rng.choice(KINDS)] * 2
    if max(Counter(tiles).values()) > 4:
        return None
    return tiles


def _theirs(calc, tiles: list[str], win: str, tsumo: bool, riichi: bool, seat: str, round_wind: str):
    parts = {"man": "", "pin": "", "sou": "", "honors": ""}
    for t in tiles:
        if t in HONOURS:
            parts["honors"] += str(HONOURS.index(t) + 1)
        else:
            parts[{"m": "man", "p": "pin", "s": "sou"}[t[1]]] += t[0]
    t136 = TilesConverter.string_to_136_array(**parts)
    w = (HONOURS.index(win) + 1, "honors") if win in HONOURS else (int(win[0]), {"m": "man", "p": "pin", "s": "sou"}[win[1]])
    win136 = TilesConverter.string_to_136_array(**{w[1]: str(w[0])})[0]
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi, player_wind=WINDS[seat], round_wind=WINDS[round_wind])
    return calc.estimate_hand_value(t136, win136, config=config)


def test_riichi_agrees_with_the_mahjong_package_on_random_hands():
    auto = compile_ruleset(ROOT / "rulesets" / "riichi.mj")
    calc = HandCalculator()
    rng = random.Random("riichi-reference")
    compared = left_out = 0
    disagree: list = []
    pinfu_read: list = []
    while compared < HANDS:
        tiles = _random_hand(rng)
        if tiles is None:
            continue
        win = rng.choice(tiles)
        tsumo, riichi = rng.random() < 0.5, rng.random() < 0.5
        seat, round_wind = rng.choice("ESWN"), rng.choice("ES")
        theirs = _theirs(calc, tiles, win, tsumo, riichi, seat, round_wind)
        if theirs.error or not theirs.yaku:
            left_out += 1
            continue
        names = [y.name for y in theirs.yaku]
        if any(n not in NAMES and n not in YAKUMAN for n in names):
            left_out += 1  # a yaku the ruleset does not express yet
            continue
        inp = read_hand_input(auto, hand=" ".join(tiles), win=win, source="wall" if tsumo else "discard",
                              seat=seat, round_wind=round_wind, announced=["riichi"] if riichi else [],
                              table=["discards=20", "discards_since(riichi)=9"])
        ours = score_hand(auto, inp)
        compared += 1
        if any(n in YAKUMAN for n in names):
            same = ours.limits == 4
        else:
            want = Counter(NAMES[n] for n in names)
            got = Counter({n: 1 for n in ours.rule_names if not n.startswith("fu_")})
            for n in ("yakuhai_dragon", "yakuhai_own_wind", "yakuhai_round_wind"):
                if n in got:  # a per-set rule: as many han as sets
                    got[n] = sum(1 for y in names if NAMES.get(y) == n)
            same = want == got and ours.doubles == theirs.han and not ours.limits
        if not same:
            case = (" ".join(tiles), win, tsumo, riichi, seat, round_wind, names, ours.rule_names)
            ours_yaku = {n for n in ours.rule_names if not n.startswith("fu_")}
            if ours_yaku - {NAMES[n] for n in names} == {"pinfu"} and ours.doubles == theirs.han + 1:
                pinfu_read.append(case)  # the known gap: pinfu's wait read from the count of waits
            else:
                disagree.append(case)
    assert not disagree, f"{len(disagree)} of {compared} hands disagree (left out {left_out}); first: {disagree[:3]}"
    # pinfu is read as "all chows, no valued pair, the last tile in a chow, two or more
    # waits" (docs/variants.md): an edge or closed wait inside a wider wait still passes
    assert len(pinfu_read) <= compared // 100, pinfu_read[:3]
