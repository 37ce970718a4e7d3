"""The chance player's draw (engine/chance.py): each outcome of a chance node takes
the share of [0, 1) its weight says, in the order the node lists them, so a seed
deals the same on every run and the replay can check a log's deal."""

from __future__ import annotations

from mjdsl.engine.chance import chance_action


class _Node:
    """A chance node with the outcomes given: (outcome, weight)."""

    def __init__(self, outs):
        self.outs = outs

    def chance_outcomes(self):
        return self.outs


class _Draws:
    """A random stream that returns the numbers given, in order."""

    def __init__(self, *rs: float):
        self.rs = list(rs)

    def random(self) -> float:
        return self.rs.pop(0)


def test_an_outcome_takes_its_weights_share_from_its_start_up_to_not_including_its_end():
    node = _Node([(10, 0.25), (11, 0.5), (12, 0.25)])
    draws = [0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999]
    assert [chance_action(node, _Draws(r)) for r in draws] == [10, 10, 11, 11, 12, 12]


def test_a_draw_past_the_weights_float_sum_is_the_last_outcome():
    # six weights of 1/6 add up, in floats, to just under 1: the largest draw random()
    # gives lands past the sum and is the last face, never nothing
    node = _Node([(face, 1 / 6) for face in range(1, 7)])
    assert sum(w for _, w in node.outs) < 1
    assert chance_action(node, _Draws(1 - 2 ** -53)) == 6
