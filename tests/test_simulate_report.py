"""``mjdsl simulate``'s report (issue 12): per seat and per bot, the card lines won
(named by their line), the lines never won, the scoring elements of the winning hands;
a table that is cut says so, and ``--all`` shows every row."""

from __future__ import annotations

import json
from pathlib import Path

from mjdsl.cli import main
from mjdsl.engine.tally import ROWS

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")
CLASSICAL = str(ROOT / "rulesets" / "classical.mj")


def _out(capsys, *argv) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_json_has_every_card_line_and_the_lines_never_won(capsys):
    stats = json.loads(_out(capsys, "simulate", AMERICAN, "--games", "6", "--bots", "greedy", "--json"))
    rows = stats["card_lines"]
    assert sum(r["won"] for r in rows) == stats["won"]
    assert stats["never_won"] == [r["hand"] for r in rows if r["won"] == 0]
    assert len({r["line"] for r in rows}) == len(rows)
    # the by_hand contract still holds beside them
    assert sum(stats["by_hand"].values()) == stats["won"]


def test_per_seat_and_per_bot_figures_add_up(capsys):
    stats = json.loads(_out(capsys, "simulate", CLASSICAL, "--games", "8", "--bots", "random,greedy,random,greedy",
                            "--json"))
    assert sum(s["won"] for s in stats["by_seat"]) == stats["won"]
    assert set(stats["by_bot"]) == {"random", "greedy"}
    assert stats["by_bot"]["greedy"]["seats"] == 16
    assert sum(b["won"] for b in stats["by_bot"].values()) == stats["won"]
    assert abs(sum(s["average_return"] for s in stats["by_seat"])) < 0.01  # the hands are zero-sum


def test_a_classical_win_is_told_by_its_scoring_elements(capsys):
    text = _out(capsys, "simulate", CLASSICAL, "--games", "8", "--bots", "greedy")
    stats = json.loads(_out(capsys, "simulate", CLASSICAL, "--games", "8", "--bots", "greedy", "--json"))
    assert stats["won"] and stats["elements"]
    top = next(iter(stats["elements"]))
    assert "scoring elements of the winning hands" in text and top in text


def test_a_cut_table_says_so_and_all_shows_every_row(capsys):
    args = ["simulate", AMERICAN, "--games", "2", "--bots", "random"]
    stats = json.loads(_out(capsys, *args, "--json"))
    never = len(stats["never_won"])
    assert never > ROWS  # two random hands leave most of the card unwon
    cut = _out(capsys, *args)
    assert f"({ROWS} of {never} rows shown; --all shows every row)" in cut
    whole = _out(capsys, *args, "--all")
    assert "rows shown" not in whole
    assert all(f"  {hand}  (" in whole for hand in stats["never_won"])


# -- the hands a run plays ----------------------------------------------------------

def test_sessions_are_handed_out_in_order_each_capped_at_the_hands_still_wanted():
    from mjdsl.engine.parallel import Job
    from mjdsl.engine.simulate import session_batches
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    job = Job.of(CLASSICAL, [], ["random"] * auto.session_players, False)
    asked = []

    def two_hands(auto, bots, item):  # a session of two hands at most, its hands the items
        asked.append(item)
        return [item] * min(item[2], 2)

    got = list(session_batches(auto, job, "s", 5, task=two_hands))
    assert asked == [("s", 0, 5), ("s", 1, 3), ("s", 2, 1)]
    assert [(i, len(recs)) for i, recs in got] == [(0, 2), (1, 2), (2, 1)]
    # resumed at session 3 with 2 hands already in: 3 more wanted
    asked.clear()
    got = list(session_batches(auto, job, "s", 5, start=3, done=2, task=two_hands))
    assert asked == [("s", 3, 3), ("s", 4, 1)] and [i for i, _ in got] == [3, 4]


def test_a_session_handed_out_ahead_is_cut_to_the_hands_still_owed(monkeypatch):
    """Workers play ahead: a session's cap counts those before it at the fewest hands
    each can give, so when they give more, it brings more than are still owed, and only
    those are kept."""
    from mjdsl.engine import simulate
    from mjdsl.engine.parallel import Job, _windowed
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    job = Job.of(CLASSICAL, [], ["random"] * auto.session_players, False)

    def ahead(task, job, items, **kw):  # a pool's order: four items out before the first result
        return _windowed(lambda item: task(auto, None, item), lambda recs: recs, items, 4)

    monkeypatch.setattr(simulate, "ordered_map", ahead)
    monkeypatch.setattr(simulate, "session_min_hands", lambda auto: 2)
    # each session gives three hands where its cap allows: caps 5, 5-2 and 5-2-2
    got = list(simulate.session_batches(auto, job, "s", 5, task=lambda auto, bots, item: [item] * min(item[2], 3)))
    assert [(i, len(recs)) for i, recs in got] == [(0, 3), (1, 2)]


def test_the_sessions_map_is_closed_once_the_hands_are_in(monkeypatch):
    """The map of sessions is closed (its pool stopped) when the hands wanted are in,
    and when the caller stops early, not left to the garbage collector."""
    from mjdsl.engine import simulate
    from mjdsl.engine.parallel import Job
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    job = Job.of(CLASSICAL, [], ["random"] * auto.session_players, False)
    maps, closed = [], []

    def watched(task, job, items, **kw):
        def run():
            try:
                for item in items:
                    yield task(auto, None, item)
            finally:
                closed.append(len(maps))
        maps.append(run())  # kept here: only a close can end it
        return maps[-1]

    monkeypatch.setattr(simulate, "ordered_map", watched)
    two = lambda auto, bots, item: [item] * min(item[2], 2)  # noqa: E731
    assert len(list(simulate.session_batches(auto, job, "s", 5, task=two))) == 3
    assert closed == [1]
    early = simulate.session_batches(auto, job, "s", 5, task=two)
    next(early)
    early.close()
    assert closed == [1, 2]


def test_a_run_keeps_every_hand_of_the_sessions_in_order():
    from mjdsl.engine.simulate import run, sessions
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    bots = ["greedy"] * auto.session_players
    kept = run(auto, CLASSICAL, [], bots, "demo", 3)
    assert len(kept) == 3 and [r.seed for r in kept] == ["demo:0:0", "demo:0:1", "demo:0:2"]
    assert kept == list(sessions(auto, CLASSICAL, [], bots, "demo", 3))
