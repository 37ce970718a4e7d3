"""Checked means plays: every generated ruleset either gets errors from `check` or
plays three seeded hands to the end (or stops with an MJ42x diagnostic that names a
line of the ruleset). Never a Python traceback, never a hand that does not end, and
"played" means the conformance suite's invariants (engine/invariants.py) held after
every step. The rulesets the generator found breaking one are kept in
tests/fuzz_found/ (``test_invariants_on_rulesets_the_generator_found``).

The rulesets come from ``strategies.any_ruleset_files()`` (whole rulesets with the files
they include and their cards, and overlays).
The default run draws a few dozen; ``MJDSL_FUZZ_EXAMPLES=20000`` is the issue's
target run (hours on a small machine). ``MJDSL_FUZZ_TALLY=FILE`` appends each
outcome to FILE, a line each with a digest of the ruleset's files, to count a long run
as it goes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from strategies import MAIN, any_ruleset_files

from mjdsl.bots import GreedyBot, RandomBot
from mjdsl.diagnostics import MjError
from mjdsl.engine import invariants
from mjdsl.engine.run import play_session
from mjdsl.frontend.checked import check_file
from mjdsl.ir.lower import lower

EXAMPLES = int(os.environ.get("MJDSL_FUZZ_EXAMPLES", "25"))
TALLY = os.environ.get("MJDSL_FUZZ_TALLY")
#: A hand of any generated ruleset ends well within this many steps; past it, it hangs.
STEP_BUDGET = 20_000


class Hang(Exception):
    """A hand that did not end within the step budget."""


def outcome(path: Path) -> str:
    """``refused``, ``played`` or ``stopped`` (an MJ42x diagnostic naming the ruleset);
    anything else raises."""
    checked = check_file(path)
    if checked.errors:
        return "refused"
    auto = lower(checked.ctx)  # compile_ruleset(path), without checking it again

    def budget(game):
        if len(game.st.history) > STEP_BUDGET:
            raise Hang(f"no end after {STEP_BUDGET} steps at {game.st.node}")
        invariants.check(game)

    # greedy and random bots side by side: the greedy ones claim and declare, the
    # random ones try every legal action
    bots = [GreedyBot() if s % 2 == 0 else RandomBot() for s in range(auto.session_players)]
    try:
        records = play_session(auto, "checked", bots, 3, check=budget)
        assert records and all(r.result for r in records)
    except invariants.InvariantError:
        raise  # a rule of play broken: never an outcome
    except MjError as e:
        d = e.diagnostics[0]
        assert d.code.startswith("MJ42"), f"{d.code} {d.message}"
        assert Path(d.span.path).resolve() == path.resolve() and d.span.line, f"{d.code} {d.message} at {d.span}"
        return "stopped"
    return "played"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                       HealthCheck.function_scoped_fixture])
@given(files=any_ruleset_files())
def test_a_generated_ruleset_is_refused_or_plays(tmp_path, files):
    # a folder of its own for each ruleset: the files one names are never another's
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    try:
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
        result = outcome(folder / MAIN)
    finally:
        shutil.rmtree(folder)
    if TALLY:  # the outcome and a digest of the files, to tell the rulesets apart
        digest = hashlib.sha256(repr(sorted(files.items())).encode()).hexdigest()[:12]
        with open(TALLY, "a", encoding="utf-8") as f:
            f.write(f"{result} {digest}\n")
    assert result in ("refused", "played", "stopped")


# -- the causes the issue found, each refused at check time or playing -------------

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = (ROOT / "rulesets" / "american.mj").read_text(encoding="utf-8")
CLASSICAL = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
_DEAL = "    all 4 x3\n    dealer 2\n    others 1\n"
_STANDARD = "        sets 4\n        pairs 1\n        chows at most max_chows\n"


def _edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new)


REFUSED = {
    "a pass larger than the hand": (AMERICAN, "pass 3 right\n", "pass 14 right\n", "MJ243"),
    "pass across with three seats": (AMERICAN, 'seats 4 {\n    winds "E" "S" "W" "N"',
                                     'seats 3 {\n    winds "E" "S" "W"', "MJ227"),
    "duplicate seat winds": (AMERICAN, 'winds "E" "S" "W" "N"', 'winds "E" "E" "W" "N"', "MJ242"),
    "a constant division by zero": (AMERICAN, "everyone pays winner value when self_drawn and not",
                                    "everyone pays winner value / 0 when self_drawn and not", "MJ224"),
    "a division by an option that is 0": (
        AMERICAN, "others pay winner value when by_discard", "others pay winner value / session_hands when by_discard",
        None),  # refused only with --set session_hands=0 (below)
    "an exponent out of range": (AMERICAN, "value card_points * 2 ^ doubles", "value card_points * 2 ^ 1000", "MJ224"),
    "doubles out of range": (AMERICAN, "1 double when jokerless_double", "100000 double when jokerless_double",
                             "MJ224"),
    "deeply nested nots": (AMERICAN, "1 double when jokerless_double", "1 double when " + "not " * 400
                           + "jokerless_double", "MJ225"),
    "a very long sum": (AMERICAN, "value card_points * 2 ^ doubles", "value card_points * 2 ^ doubles" + " + 1" * 3000,
                        "MJ225"),
    "pattern() in the value": (CLASSICAL, "scoring {\n", "scoring {\n    value points + pattern(standard)\n",
                               "MJ226"),
    "sets() in the value": (CLASSICAL, "scoring {\n", "scoring {\n    value points + sets(pung)\n", "MJ226"),
    "tiles() in the value": (CLASSICAL, "scoring {\n", "scoring {\n    value points + tiles(dragon)\n", "MJ226"),
    "a limit that is not a number": (CLASSICAL, "    limit limit", "    limit limit + points", "MJ226"),
    # the 20,000-ruleset run (session 5): check hung working out 10 ^ 100000000 exactly
    "a limit of a huge power": (CLASSICAL, "    limit limit\n", "    limit 10 ^ 100000000\n", "MJ226"),
    "a short deal": (AMERICAN, _DEAL, "    all 4\n    dealer 1\n", "MJ223"),
    "an empty deal": (AMERICAN, _DEAL, "", "MJ223"),
    "no dealer line": (AMERICAN, "    dealer 2\n", "", "MJ223"),
    "dealer draws 2": (CLASSICAL, "dealer draws 1", "dealer draws 2", "MJ223"),
    "an empty winning pattern": (CLASSICAL, _STANDARD, "", "MJ245"),
    "a penalty nothing triggers": (CLASSICAL, "    on false mahjong\n}\n",
                                   "    on false mahjong\n}\npayments {\n    penalty false_call: -10 points\n}\n",
                                   "MJ228"),
    # the session's and the turn's counts (issue 9: numbers the checker took unchecked)
    "a session of no rounds": (CLASSICAL, "    rounds rounds\n", "    rounds 0\n", "MJ235"),
    "a session of -3 rounds": (CLASSICAL, "    rounds rounds\n", "    rounds -3\n", "MJ235"),
    "a session of no hands": (AMERICAN, "hands session_hands", "hands 0", "MJ235"),
    "a session of 2.5 hands": (AMERICAN, "hands session_hands", "hands 2.5", "MJ235"),
    "a pass of 2.5 tiles": (AMERICAN, "pass 3 right\n", "pass 2.5 right\n", "MJ239"),
    "a claim of 2.5 alike": (CLASSICAL, "claim pung 3 same", "claim pung 2.5 same", "MJ239"),
    "a claim of a pair": (CLASSICAL, "claim pung 3 same", "claim pung 2 same", "MJ217"),
    "a run of two": (CLASSICAL, "claim chow 3 run", "claim chow 2 run", "MJ217"),
    "a first dealer thrown with no dice": (CLASSICAL, "first dealer by dice 1", "first dealer by dice 0", "MJ217"),
    "a wall game before the first draw": (CLASSICAL, "dealer draws 1\n", "dealer draws 1\n    wall game when 200 left\n",
                                          "MJ236"),
    "a ruleset's class in a pattern": (CLASSICAL, "each of terminal + honour", "each of green", "MJ238"),
    "tiles by code in a pattern": (CLASSICAL, "each of terminal + honour", 'each of "1b" "9b" "E"', "MJ238"),
    "a deal step of no tiles": (CLASSICAL, "    all 1\n", "    all 1\n    all 0\n", "MJ217"),
    "seven pairs of nothing": (CLASSICAL, "        each of terminal + honour\n        one more of terminal + honour\n",
                               "        pairs 0 of terminal + honour\n", "MJ245"),
    "eight pairs": (CLASSICAL, "        each of terminal + honour\n        one more of terminal + honour\n",
                    "        pairs 8 of terminal + honour\n", "MJ245"),
    "ranks past the suit": (CLASSICAL, "one more of that suit\n", "one more of that suit ranked 0..12\n", "MJ217"),
    # numbers past anything play can use (issue 9: numbers taken unchecked)
    "jokers in groups larger than a hand": (AMERICAN, "    dead when discarded\n",
                                            "    dead when discarded\n    stand in groups of 20 or more\n", "MJ219"),
    "a session of 100000 hands": (AMERICAN, "hands session_hands", "hands 100000", "MJ219"),
    "a session of 1000 rounds": (CLASSICAL, "    rounds rounds\n", "    rounds 1000\n", "MJ219"),
    "replacements the live wall may not hold": (CLASSICAL, "dead wall 14", "dead wall 70", "MJ248"),
    "a choice option as a bare condition": (
        AMERICAN, 'option charleston = on "Charleston before play"',
        'option charleston = on "Charleston before play"\noption style = table "Style" one of table club', None),
}


def _codes(tmp_path, text: str, sets=()) -> set:
    path = tmp_path / "mutated.mj"
    (tmp_path / "cards").mkdir(exist_ok=True)
    (tmp_path / "cards" / "club-2026.card").write_text((ROOT / "rulesets" / "cards" / "club-2026.card").read_text())
    path.write_text(text, encoding="utf-8")
    return {d.code for d in check_file(path, sets).errors}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_what_check_can_know_is_refused_at_check_time(tmp_path, case):
    base, old, new, code = REFUSED[case]
    assert not _codes(tmp_path, base)
    text = _edit(base, old, new)
    if case == "a division by an option that is 0":
        assert not _codes(tmp_path, text)
        assert "MJ224" in _codes(tmp_path, _edit(text, "range 1..64", "range 0..64"), [("session_hands", "0")])
        return
    if case == "a choice option as a bare condition":
        text = _edit(text, "when jokerless_double and", "when style and")
        code = "MJ229"
    assert code in _codes(tmp_path, text)


PLAYS = {
    "a courtesy pass of up to 7": (AMERICAN, "courtesy across 0..3", "courtesy across 0..7"),
    "a blind pass of 4": (AMERICAN, "pass 3 left blind if", "pass 4 left blind if"),
    "jokers added to classical": (CLASSICAL, "    length 18", "    length 19"),
}


@pytest.mark.parametrize("case", sorted(PLAYS))
def test_what_used_to_crash_after_a_clean_check_plays(tmp_path, case):
    base, old, new = PLAYS[case]
    text = _edit(base, old, new)
    if case == "jokers added to classical":
        text = _edit(text, "    class green", '    joker "J" x8\n    class green')
        text += '\njokers "J" {\n    stand in groups of 3 or more\n}\n'
    path = tmp_path / "mutated.mj"
    _codes(tmp_path, text)
    assert outcome(path) == "played"


def test_a_value_that_divides_by_a_zero_fact_stops_with_mj420(tmp_path, capsys):
    # `waits - waits` is 0 in every hand, but check can't know a fact's value
    path = tmp_path / "mutated.mj"
    _codes(tmp_path, _edit(CLASSICAL, "scoring {\n", "scoring {\n    value points / (waits - waits)\n"))
    assert outcome(path) == "stopped"
    from mjdsl.cli import main

    code = main(["score", str(path), "--exposed", "1c 1c 1c", "--exposed", "7c 7c 7c", "--exposed", "2c 3c 4c",
                 "--exposed", "6c 6c 6c", "--hand", "5c 5c", "--win", "5c", "--from", "discard"])
    err = capsys.readouterr().err
    assert code == 2 and "MJ420" in err and "Traceback" not in err and "mutated.mj:" in err


FOUND = sorted((ROOT / "tests" / "fuzz_found").glob("*.mj"))
#: Found rulesets now refused at check time: the code, and an edit that makes the
#: ruleset sound, which then plays with every invariant held.
FOUND_REFUSED = {
    # a deal of 15 left one live tile for the replacements of four flowers: a hand
    # started a tile short (with room, the seat to act holds a sixteenth tile)
    "hand-of-15-flowers": ("MJ248", "dead wall 15", "dead wall 5"),
    # a pass of 4 from a hand of 4 holding a joker it never passes gave 3 and took 4
    "pass-past-the-jokers": ("MJ243", "pass 4 right", "pass 2 right"),
    # a deal that took the whole live wall left nothing to replace the flowers dealt
    "deal-uses-up-the-wall": ("MJ248", "dead wall 13", "dead wall 5"),
}


def _plays_with_invariants(path: Path) -> None:
    checked = check_file(path)
    assert not checked.errors, [str(d) for d in checked.errors]
    auto = lower(checked.ctx)
    bots = [GreedyBot() if s % 2 == 0 else RandomBot() for s in range(auto.session_players)]
    assert all(r.result for r in play_session(auto, "checked", bots, 3, check=invariants.check))


@pytest.mark.parametrize("path", FOUND, ids=[p.stem for p in FOUND])
def test_invariants_on_rulesets_the_generator_found(path, tmp_path):
    # frozen-on-turn: a hand frozen by an announcement on its turn still holds the tile
    # it must discard; it freezes as that discard leaves it
    if path.stem not in FOUND_REFUSED:
        _plays_with_invariants(path)
        return
    code, old, new = FOUND_REFUSED[path.stem]
    assert code in {d.code for d in check_file(path).errors}
    mended = tmp_path / path.name
    mended.write_text(_edit(path.read_text(encoding="utf-8"), old, new), encoding="utf-8")
    _plays_with_invariants(mended)


def test_a_minimum_to_go_out_whose_value_divides_by_zero_stops_with_mj420(tmp_path):
    # found by the 20,000-ruleset run: `value (points + (points / points))` with a
    # minimum to go out (`win only when`) divided by zero while the engine asked whether
    # a hand may go out, a traceback instead of MJ420 naming the ruleset
    path = Path(__file__).parent / "checked_found" / "minimum-divides-by-zero.mj"
    assert outcome(path) == "stopped"
