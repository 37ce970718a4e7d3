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
