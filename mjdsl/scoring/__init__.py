"""Scoring finished hands with a ruleset's ``scoring`` and ``payments`` blocks.

One scorer for every variant: classical hands are read every way they split into
sets (and as special hands) and the best reading is kept; a hand from a card of
hands is scored from the facts of the card line made. The engine and the command
line use the same calls:

- :func:`score_hand` ``(auto, hand) -> ScoreResult``: one hand (a winner's or a
  loser's), with one explained line per rule that applied;
- :func:`settle` ``(auto, winner_result, loser_results, dealer_seat, *, winner_seat,
  discarder_seat) -> list[float]``: zero-sum payments per seat;
- :func:`calling` ``(auto, concealed, melds) -> tuple[int, ...]``: the tiles a hand
  waits on (hints, the Standing Hand);
- :mod:`.notation` reads the ``mjdsl score`` input, :mod:`.report` prints results.

docs/scoring.md explains the scoring language and the arithmetic.
"""

from ..hands import Meld
from .waits import calling
from .model import NO_WIND, SOURCES, CardWin, HandInput, RuleLine, ScoreResult
from .score import score_hand
from .settle import pay_winner, penalty_payments, settle

__all__ = [
    "NO_WIND",
    "SOURCES",
    "CardWin",
    "HandInput",
    "Meld",
    "RuleLine",
    "ScoreResult",
    "calling",
    "pay_winner",
    "penalty_payments",
    "score_hand",
    "settle",
]
