"""The bots choose among the claims the ruleset declares, whatever it names them
(issue 9: the greedy bot once made only claims named `pung` or `kong`, so it never
took a chow and made no claim at all when a ruleset named its claims `pon`/`chi`).
"""

from __future__ import annotations

import random

import pytest

from engine_script import act, names, scripted
from mjdsl.bots import make_bot
from mjdsl.frontend.compile import compile_ruleset

QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N"

PON_CHI = '''extends "classical.mj"
ruleset "Classical, the claims named pon and chi"
remove chow pung
claims {
    claim chi 3 run from left or from any for mahjong
    claim pon 3 same from any
    priority mahjong > pon kong > chi
}
'''


@pytest.fixture(scope="module", params=["classical", "pon-chi"])
def auto(request, tmp_path_factory):
    from pathlib import Path

    if request.param == "classical":
        return compile_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj")
    path = tmp_path_factory.mktemp("claims") / "pon-chi.mj"
    path.write_text(PON_CHI, encoding="utf-8")
    return compile_ruleset(path)


def _claim_window(auto, hands: dict, discard: str):
    g = scripted(auto, hands)
    act(g, 0, f"discard {discard}")
    return g


def _greedy_choice(g):
    seat = g.current_player()
    return g.action_name(make_bot("greedy").choose(g, seat, g.legal_actions(), random.Random(0)))


def test_greedy_takes_a_run_from_the_left_under_any_name(auto):
    run = next(c.name for c in auto.claims if c.shape == "run")
    g = _claim_window(auto, {0: "5b " + QUIET, 1: "6b 7b 2c 2c 5c 8c 3d 6d 9d E E R G"}, "5b")
    assert g.current_player() == 1 and any(n.startswith(f"claim {run}") for n in names(g))
    assert _greedy_choice(g).startswith(f"claim {run}")


def test_greedy_takes_three_alike_under_any_name_and_keeps_a_pair_out_of_a_run(auto):
    same = next(c.name for c in auto.claims if c.shape == "same" and c.size == 3)
    g = _claim_window(auto, {0: "5b " + QUIET, 1: "5b 5b 6b 2c 5c 8c 3d 6d 9d E E R G"}, "5b")
    assert _greedy_choice(g).startswith(f"claim {same}")
    # a run that would break the pair of 6b is left alone
    g = _claim_window(auto, {0: "5b " + QUIET, 1: "6b 6b 7b 2c 5c 8c 3d 6d 9d E S R G"}, "5b")
    assert _greedy_choice(g) == "no claim"


def test_a_call_the_judge_skips_never_brings_the_hand_closer():
    # CardJudge.may_come_closer (the regulars skip a call's distance when it says False)
    # against the distance after the call itself: random American racks, with and without
    # exposures, every group the card has, every number of jokers the rack can put in
    from pathlib import Path

    import numpy as np

    from mjdsl.bots.judge import CardJudge
    from mjdsl.bots.style import STYLES_DIR, load_style
    from mjdsl.cards.hands import Exposure

    auto = compile_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "american.mj")
    card = auto.winning.card
    judge = CardJudge(card, auto.tiles, load_style(STYLES_DIR / "mei.toml"))
    joker = card.joker
    rng = np.random.default_rng(1714)
    groups = sorted(card.tables.group_index)
    skipped = made_closer = 0
    for trial in range(150):
        exposures: tuple = ()
        if trial % 3:
            tile, size = groups[int(rng.integers(len(groups)))]
            exposures = (Exposure(tile, size, 0),)
        rack = np.zeros(auto.tiles.size, np.int16)
        for t in rng.integers(0, auto.tiles.size, 13 - sum(e.size for e in exposures) + 1):
            rack[t] += 1
        rack[joker] += int(rng.integers(0, 3))
        now = judge.distance_of(rack, exposures)
        for tile, size in groups:
            for jokers in range(0, min(int(rack[joker]), size - 1) + 1):
                used = size - 1 - jokers
                if rack[tile] < used or tile == joker:
                    continue
                after = rack.copy()
                after[tile] -= used
                after[joker] -= jokers
                d = judge.distance_of(after, exposures + (Exposure(tile, size, jokers),))
                if not judge.may_come_closer(rack, exposures, tile, size, jokers):
                    skipped += 1
                    assert d >= now
                elif d < now:
                    made_closer += 1
    assert skipped > 100 and made_closer > 10  # both sides were met
