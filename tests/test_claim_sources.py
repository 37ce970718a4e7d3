"""`claim NAME ... from SEAT`: the source word decides whose discards a claim may take
(mjdsl/engine/claim_sources.py): a scenario per word, played through the engine.

Each ruleset is classical.mj with its pung claim from another source. The dealer
(seat 0) discards 5b first; then seat 1 discards 5b: who is offered the pung?
"""

from __future__ import annotations

import pytest

from engine_script import act, names, no_claims, scripted
from mjdsl.frontend.compile import compile_ruleset

OVERLAY = '''extends "{base}"
ruleset "Classical, pungs from {word}"
remove pung
claims {{
    claim pon 3 same from {word}
    priority mahjong > pon kong > chow
}}
'''
# seats not asked about hold tiles that claim nothing; a seat asked holds a pair of 5b
QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W"


def _auto(tmp_path, word: str):
    from pathlib import Path

    base = Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj"
    path = tmp_path / f"from-{word.replace(' ', '-')}.mj"
    path.write_text(OVERLAY.format(base=base.as_posix(), word=word), encoding="utf-8")
    return compile_ruleset(path, allow_outside=True)


def _offered(auto, claimer: int, second: bool = False) -> bool:
    """Is ``claimer`` (holding 5b 5b) offered the pung of the dealer's 5b (or, with
    ``second``, of seat 1's 5b after the dealer's 9d went unclaimed)?"""
    hands = {0: ("9d " if second else "5b ") + QUIET + " N", claimer: "5b 5b " + QUIET[3:] if claimer else ""}
    if second:
        hands[1] = "5b " + QUIET if claimer != 1 else hands[1]
    hands = {s: h for s, h in hands.items() if h}
    g = scripted(auto, hands, wall="2b")
    act(g, 0, "discard 9d" if second else "discard 5b")
    if second:
        no_claims(g)
        while g.current_player() != 1 or "discard 5b" not in names(g):
            a = g.legal_actions()
            g.apply_action(a[0])
        act(g, 1, "discard 5b")
    while g.st.node == "play.claims":
        seat = g.current_player()
        offered = [n for n in names(g) if n.startswith("claim pon")]
        if seat == claimer:
            return bool(offered)
        act(g, seat, "no claim")
    return False


@pytest.mark.parametrize("word, seats", [
    ("any", {1, 2, 3}),
    ("left", {1}),  # the seat after the discarder: the discarder sits on its left
    ("right", {3}),
    ("across", {2}),
    ("dealer", {1, 2, 3}),
    ("side owner", set()),  # a side of the wall, no seat that discards (lint MJ308)
])
def test_a_pung_is_offered_only_to_the_seats_its_source_allows(tmp_path, word, seats):
    auto = _auto(tmp_path, word)
    assert {s for s in (1, 2, 3) if _offered(auto, s)} == seats


@pytest.mark.parametrize("word, seats", [("dealer", set()), ("any", {2, 3}), ("left", {2}), ("right", set()),
                                         ("across", {3})])
def test_a_discard_of_another_seat_than_the_dealer(tmp_path, word, seats):
    auto = _auto(tmp_path, word)
    assert {s for s in (2, 3) if _offered(auto, s, second=True)} == seats


CHOWS = '''extends "{base}"
ruleset "Classical, chows {how}"
remove chow
claims {{
    claim chi 3 run {how}
    priority mahjong > pung kong > chi
}}
'''


def _chows(tmp_path, how: str):
    from pathlib import Path

    base = Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj"
    path = tmp_path / "chows.mj"
    path.write_text(CHOWS.format(base=base.as_posix(), how=how), encoding="utf-8")
    return compile_ruleset(path, allow_outside=True)


def _mahjong_offered(auto, claimer: int, waiting: str) -> bool:
    """Is ``claimer``, holding three pungs and ``waiting``, offered mah jongg on the
    dealer's 5b?"""
    g = scripted(auto, {0: "5b " + QUIET + " N", claimer: "1c 1c 1c 2c 2c 2c 7d 7d 7d " + waiting})
    act(g, 0, "discard 5b")
    while g.st.node == "play.claims":
        seat = g.current_player()
        if seat == claimer:
            return "mah jongg" in names(g)
        act(g, seat, "no claim")
    return False


@pytest.mark.parametrize("how, across", [("from left or from any for mahjong", True), ("from left", False),
                                         ("from left or from across for mahjong", True)])
def test_a_mah_jongg_completes_a_run_of_another_seats_discard_only_if_the_run_claim_allows(tmp_path, how, across):
    auto = _chows(tmp_path, how)
    # seat 1 sits after the dealer: a run from the left is always allowed
    assert _mahjong_offered(auto, 1, "3b 4b E E")
    # seat 2 sits across: the discard completes a run there only when the claim widens
    assert _mahjong_offered(auto, 2, "3b 4b E E") == across
    # a pung or the pair is taken from any seat (the pung claim is `from any`)
    assert _mahjong_offered(auto, 2, "5b 5b E E")
    assert _mahjong_offered(auto, 2, "6b 7b 8b 5b")


def test_a_mah_jongg_completes_a_pung_of_another_seats_discard_only_if_the_pung_claim_allows(tmp_path):
    auto = _auto(tmp_path, "left")  # pungs from the seat on the left only, no widening for mah jongg
    # seat 1 sits after the dealer: the dealer's 5b may make its pung
    assert _mahjong_offered(auto, 1, "5b 5b E E")
    # seat 2 sits across: the 5b would complete a pung, which may not take its discard
    assert not _mahjong_offered(auto, 2, "5b 5b E E")
    # but the pair may take any seat's discard
    assert _mahjong_offered(auto, 2, "5b E E E")
