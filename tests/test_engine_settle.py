"""Settling a hand in play (engine/settle.py): a value or payment that can't be
computed in this hand stops the game with MJ420 at the ruleset's payments block, never
a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, scripted
from mjdsl.diagnostics import MjError
from mjdsl.frontend.compile import compile_ruleset

OVERLAY = """extends "classical.mj"

payments {
    losers pay winner value / discards
}
"""


def test_a_payment_dividing_by_a_fact_that_is_0_stops_with_mj420_at_the_payments_block(tmp_path):
    # the dealer goes out on its first turn: no discard made yet, so `value / discards` is 1 / 0
    path = tmp_path / "divides.mj"
    path.write_text(OVERLAY, encoding="utf-8")
    g = scripted(compile_ruleset(path), {0: "1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S"})
    with pytest.raises(MjError) as e:
        act(g, 0, "mah jongg")
    (d,) = e.value.diagnostics
    assert d.code == "MJ420" and "can't be computed" in d.message
    line = OVERLAY.splitlines().index("payments {") + 1
    assert (Path(d.span.path).resolve(), d.span.line) == (path.resolve(), line)
